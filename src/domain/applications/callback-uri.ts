/**
 * Every whitelisted callback is HTTPS (docs/api.md#application-registration). RFC 6749
 * 3.1.2: absolute, no fragment.
 * Returns the reason a URI is refused, or null when it is acceptable.
 */
export function callbackUriProblem(uri: string): string | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `'${uri}' is not an absolute URL`;
  }
  if (url.protocol !== 'https:') return `'${uri}' must use https`;
  if (uri.includes('#')) return `'${uri}' must not contain a fragment`;
  if (url.username || url.password) return `'${uri}' must not contain credentials`;
  return null;
}
