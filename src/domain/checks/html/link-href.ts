/** What a link's href means to a reader who clicks it in an inbox. */
export type HrefVerdict =
  | { kind: 'ok' }
  /** Filled in by the sending platform; it cannot be judged before it is. */
  | { kind: 'template' }
  /** Goes nowhere: empty, `#`, or a fragment no element in the email carries. */
  | { kind: 'empty'; reason: string }
  | { kind: 'malformed'; reason: string }
  | { kind: 'insecure' };

/** Real schemes within two edits of "http(s)", which the typo test below must not flag. */
const SCHEMES_NEAR_HTTP = new Set(['http', 'https', 'ftp', 'ftps']);

/**
 * Merge tags of the common sending platforms ({{url}}, *|UNSUB|*, %%view_url%%, [unsubscribe],
 * {% ... %}, <%= ... %>, ${url}, #{url}): the href is a placeholder until the email is sent.
 */
const MERGE_TAG =
  /\{\{.*?\}\}|\*\|.*?\|\*|%%.*?%%|^\[\[?[\w.-]+\]\]?|\{%.*?%\}|<%.*?%>|\$\{.*?\}|#\{.*?\}/;

/**
 * Judges an href as an email client would follow it. An email has no base URL, so a relative
 * reference leads nowhere: WHATWG URL parsing without a base is the test. Some mistakes the
 * URL parser forgives (`https:/example.com`, `https:///example.com`) are flagged anyway: mail
 * clients and link-tracking rewriters are not browsers and do not all forgive them.
 */
export function judgeHref(
  href: string,
  hasFragmentTarget: (fragment: string) => boolean,
): HrefVerdict {
  const value = href.trim(); // the URL parser strips surrounding whitespace too
  if (value === '') return { kind: 'empty', reason: 'its href is empty' };
  if (MERGE_TAG.test(value)) return { kind: 'template' };
  if (value.startsWith('#')) {
    const fragment = safeDecode(value.slice(1));
    if (fragment === '') return { kind: 'empty', reason: 'its href is "#", which goes nowhere' };
    // "#top" goes to the top of the document even without such an element (HTML standard).
    if (fragment.toLowerCase() === 'top' || hasFragmentTarget(fragment)) return { kind: 'ok' };
    return { kind: 'empty', reason: `no element in the email has the id "${fragment}"` };
  }
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1].toLowerCase();
  if (scheme === 'mailto' || scheme === 'tel') {
    return value.slice(scheme.length + 1).trim() === ''
      ? { kind: 'malformed', reason: `"${scheme}:" has no address after the colon` }
      : { kind: 'ok' };
  }
  if (/\s/.test(value)) return { kind: 'malformed', reason: 'it contains whitespace' };
  if (scheme === undefined) {
    if (/^https?\/\//i.test(value))
      return { kind: 'malformed', reason: 'the colon after the scheme is missing' };
    return {
      kind: 'malformed',
      reason: 'it is relative, and an email has no base URL to resolve it against',
    };
  }
  if (!SCHEMES_NEAR_HTTP.has(scheme) && looksLikeHttp(scheme))
    return { kind: 'malformed', reason: `"${scheme}:" looks like a misspelt "http:" or "https:"` };
  if ((scheme === 'http' || scheme === 'https') && !/^https?:\/\/[^/\\]/i.test(value))
    return { kind: 'malformed', reason: `"${scheme}:" must be followed by exactly two slashes` };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { kind: 'malformed', reason: 'the URL parser rejects it' };
  }
  return url.protocol === 'http:' ? { kind: 'insecure' } : { kind: 'ok' };
}

/** Within two edits of "http" or "https" (htp, hhtp, htps, ttps, hxxp): a typo, not a scheme. */
function looksLikeHttp(scheme: string): boolean {
  return (
    scheme.length >= 3 && Math.min(editDistance(scheme, 'http'), editDistance(scheme, 'https')) <= 2
  );
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(
        previous[j] + 1,
        current[j - 1] + 1,
        previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = current;
  }
  return previous[b.length];
}

function safeDecode(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}
