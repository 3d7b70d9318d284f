import postcss, { Root, Rule } from 'postcss';
import { editInlineStyles, editStylesheets, parseInlineStyle } from '../../model/css-walker';
import type { EmailDocument } from '../../model/email-document';
import type { Preparation } from '../../model/client-family';
import { DARK_BACKGROUND, DARK_TEXT, lightenDarkText } from '../../stages/colour-inversion';
import { APPLE_MAIL } from './platform';

const SLUG = 'rule:apple-dark-mode';
const DARK_QUERY = /\(\s*prefers-color-scheme\s*:\s*dark\s*\)/gi;
const LIGHT_QUERY = /\(\s*prefers-color-scheme\s*:\s*light\s*\)/gi;
const ROOT_SELECTOR = /^(:root|html)$/i;

const parse = (css: string): Root | null => {
  try {
    return postcss.parse(css);
  } catch {
    return null;
  }
};

const targetsRoot = (rule: Rule) =>
  rule.selectors.some((selector) => ROOT_SELECTOR.test(selector.trim()));

/**
 * How the email tells Apple Mail it supports dark mode, or null. Apple Mail applies dark
 * mode styles only when the email declares `color-scheme: light dark` (email-bugs#104), and
 * the property works on the root element only (caniemail css-color-scheme #1). On macOS the
 * `<meta name="color-scheme">` tag counts too; iOS ignores it (caniemail
 * html-meta-color-scheme: macOS y, iOS n).
 */
function darkModeDeclaration($: EmailDocument, platform: string): string | null {
  let declared: string | null = null;
  $('style').each((_i, element) => {
    parse($(element).text())?.walkDecls(/^color-scheme$/i, (decl) => {
      const rule = decl.parent as Rule;
      if (rule.type === 'rule' && targetsRoot(rule) && /\bdark\b/i.test(decl.value))
        declared ??= `color-scheme: ${decl.value}`;
    });
  });
  parseInlineStyle($('html').attr('style') ?? '')?.walkDecls(/^color-scheme$/i, (decl) => {
    if (/\bdark\b/i.test(decl.value)) declared ??= `color-scheme: ${decl.value}`;
  });
  const meta = $('meta[name="color-scheme" i]').attr('content') ?? '';
  if (platform === 'macos' && /\bdark\b/i.test(meta)) declared ??= `<meta color-scheme ${meta}>`;
  return declared;
}

/** The document as Apple Mail shows it without dark mode: its dark styles never apply. */
function showAsLight($: EmailDocument): number {
  let count = 0;
  const rewrite = (query: string) =>
    query
      .replace(DARK_QUERY, () => (count++, '(max-width: 0px)'))
      .replace(LIGHT_QUERY, '(min-width: 0px)');
  editStylesheets($, (root) => {
    root.walkAtRules(/^media$/i, (atRule) => void (atRule.params = rewrite(atRule.params)));
    root.walkDecls(/^color-scheme$/i, (decl) => void decl.remove());
  });
  editInlineStyles($, (root) => root.walkDecls(/^color-scheme$/i, (decl) => void decl.remove()));
  $('source[media], link[media]').each((_i, element) => {
    $(element).attr('media', rewrite($(element).attr('media') ?? ''));
  });
  $('meta[name="color-scheme" i], meta[name="supported-color-schemes" i]').remove();
  return count;
}

const BACKGROUND = /^background(-color|-image)?$/i;
const NO_PAINT = /^\s*(transparent|none|initial|inherit|unset)\s*(!important)?\s*$/i;

/** A simple email: no images and no background colour or image anywhere. */
function isSimpleEmail($: EmailDocument): boolean {
  if ($('img, picture, video, [bgcolor], [background]').length) return false;
  let painted = false;
  const check = (root: Root) =>
    root.walkDecls(BACKGROUND, (decl) => void (NO_PAINT.test(decl.value) || (painted = true)));
  $('style').each((_i, element) => {
    const root = parse($(element).text());
    if (root) check(root);
  });
  $('[style]').each((_i, element) => {
    const root = parseInlineStyle($(element).attr('style') ?? '');
    if (root) check(root);
  });
  return !painted;
}

/**
 * Apple Mail in dark mode: an email that declares `color-scheme: light dark` gets its dark
 * styles (and the engine's dark defaults); any other email is shown as in light mode, its
 * `prefers-color-scheme: dark` styles ignored (email-bugs#104). A simple email (text without
 * backgrounds or images) is still darkened by Mail itself: "Mail ... displays simple email
 * messages with a dark mode interpretation" (WebKit blog, Dark Mode Support in WebKit, 2019),
 * while designed HTML emails stay light (Litmus, "Email designers, here's your next
 * challenge: Apple's Dark Mode", 2018).
 */
export function applyAppleDarkMode(p: Preparation): void {
  const { $, profile, report } = p;
  if (profile.dark !== 'prefers-color-scheme' || profile.family !== APPLE_MAIL) return;
  const declared = darkModeDeclaration($, profile.caniemail?.platform ?? '');
  if (declared) {
    report.add(
      SLUG,
      `Dark mode styles apply: the email declares ${declared}`,
      'color-scheme',
      'email-bugs#104; caniemail css-color-scheme #1; caniemail html-meta-color-scheme',
    );
    return;
  }
  const ignored = showAsLight($);
  if (ignored)
    report.add(
      SLUG,
      'Dark mode styles ignored: the email does not declare color-scheme: light dark',
      '@media',
      'email-bugs#104',
      ignored,
    );
  if (!isSimpleEmail($)) {
    report.add(
      SLUG,
      'Dark mode: a designed email without color-scheme is shown light',
      'colours',
      "Litmus: Email designers, here's your next challenge: Apple's Dark Mode (2018); email-bugs#104",
    );
    return;
  }
  const lightened = lightenDarkText($);
  const css = `html { background: ${DARK_BACKGROUND}; color: ${DARK_TEXT}; }\na { color: #4da3ff; }`;
  $('head').prepend($('<style id="ip-apple-auto-dark"></style>').text(css));
  report.add(
    SLUG,
    'Dark mode: a simple email is darkened by Mail (dark background, light text)',
    'colours',
    'WebKit blog: Dark Mode Support in WebKit (2019)',
    lightened + 1,
  );
}
