import { colord, Colord, extend } from 'colord';
import namesPlugin from 'colord/plugins/names';
import valueParser from 'postcss-value-parser';
import { editInlineStyles, editStylesheets } from '../model/css-walker';
import type { EmailDocument } from '../model/email-document';
import type { Preparation } from '../model/client-family';
import type { RenderReport } from '../model/render-report';
import type { DarkStrategy } from '../profile/client-profile';
import { markOriginalColours } from './original-colours';

extend([namesPlugin]);

type Role = 'background' | 'text' | 'border';
export type Inversion = Extract<DarkStrategy, 'partial-inversion' | 'full-inversion'>;

/** Default colours a dark client paints where the email sets none. */
export const DARK_BACKGROUND = '#1e1e1e';
export const DARK_TEXT = '#e8e8e8';

function flipLightness(color: Colord): Colord {
  const { h, s, l, a } = color.toHsl();
  return colord({ h, s, l: 100 - l, a });
}

/**
 * The colour a dark-mode client shows instead of `color` in the given role. Full
 * inversion flips the lightness of every colour (dark designs turn light). Partial
 * inversion only darkens light backgrounds and borders and lightens dark text, leaving
 * colours already suited to a dark theme alone.
 */
export function invertColor(color: string, role: Role, strategy: Inversion): string | null {
  const parsed = colord(color);
  if (!parsed.isValid() || parsed.alpha() === 0) return null;
  const lightness = parsed.toHsl().l;
  if (strategy === 'partial-inversion') {
    if (role === 'text' ? lightness >= 50 : lightness < 50) return null;
  }
  return flipLightness(parsed).toHex();
}

function roleOf(property: string): Role | null {
  if (/^background(-color)?$/.test(property)) return 'background';
  if (property === 'color') return 'text';
  if (/^border(-(top|right|bottom|left))?(-color)?$/.test(property) || property === 'outline-color')
    return 'border';
  return null;
}

function rewriteValue(value: string, role: Role, strategy: Inversion): string {
  const parsed = valueParser(value);
  let changed = false;
  parsed.walk((node) => {
    const text = valueParser.stringify(node);
    const isColor =
      (node.type === 'word' && colord(text).isValid()) ||
      (node.type === 'function' && /^(rgba?|hsla?)$/i.test(node.value));
    if (!isColor) return;
    const replacement = invertColor(text, role, strategy);
    if (replacement) {
      Object.assign(node, { type: 'word', value: replacement, nodes: undefined });
      changed = true;
    }
    return false;
  });
  return changed ? parsed.toString() : value;
}

/**
 * Where each client's dark-mode strategy is documented: Litmus measured which clients
 * invert all colours (Gmail iOS) and which only light backgrounds and dark text (Gmail
 * Android, Outlook.com); hteumeuleu documented Outlook.com's rewrite (data-ogsc/data-ogsb
 * attributes, caniemail css-at-media-prefers-color-scheme #3).
 */
const INVERSION_SOURCE: Record<Inversion, string> = {
  'full-inversion': 'Litmus: The Ultimate Guide to Dark Mode for Email Marketers (2019)',
  'partial-inversion':
    'Litmus: The Ultimate Guide to Dark Mode for Email Marketers (2019); caniemail css-at-media-prefers-color-scheme #3',
};

function rewriteColors(
  $: EmailDocument,
  strategy: Inversion,
  roles: readonly Role[] = ['background', 'text', 'border'],
): number {
  let count = 0;
  const edit = (root: import('postcss').Root) =>
    root.walkDecls((decl) => {
      const role = roleOf(decl.prop.toLowerCase());
      if (!role || !roles.includes(role)) return;
      const value = rewriteValue(decl.value, role, strategy);
      if (value !== decl.value) {
        decl.value = value;
        count++;
      }
    });
  editStylesheets($, edit);
  editInlineStyles($, edit);
  const attributes: [string, string, Role][] = [
    ['[bgcolor]', 'bgcolor', 'background'],
    ['font[color]', 'color', 'text'],
    ['body[text]', 'text', 'text'],
    ['[bordercolor]', 'bordercolor', 'border'],
  ];
  for (const [selector, name, role] of attributes) {
    if (!roles.includes(role)) continue;
    $(selector).each((_i, el) => {
      const replacement = invertColor($(el).attr(name)!, role, strategy);
      if (replacement) {
        $(el).attr(name, replacement);
        count++;
      }
    });
  }
  return count;
}

/**
 * Rewrites the email's colours the way a dark-mode client with colour inversion does: in
 * style blocks, style attributes and the legacy bgcolor/color/text attributes. Not a
 * filter over the page: images keep their colours, as in the clients.
 */
export function invertColors($: EmailDocument, strategy: Inversion, report: RenderReport): void {
  report.add(
    `rule:${strategy}`,
    `Dark mode: colours rewritten by ${strategy.replace('-', ' ')}`,
    'colours',
    INVERSION_SOURCE[strategy],
    rewriteColors($, strategy),
  );
}

/**
 * The dark-mode stage of clients that invert colours (the profile's `dark` strategy); where
 * the family keeps the originals (Outlook), they are put in `data-og*` attributes first.
 */
export function applyColourInversion(p: Preparation): void {
  const { dark } = p.profile;
  if (dark !== 'partial-inversion' && dark !== 'full-inversion') return;
  if (p.family.keepsOriginalColours)
    p.report.add(
      'rule:dark-original-colours',
      "Dark mode: each rewritten colour's original kept in data-ogsc, data-ogsb, data-ogac, data-ogab",
      'colours',
      'caniemail css-at-media-prefers-color-scheme #3; hteumeuleu.com, Dealing with Outlook.com dark mode (2019)',
      markOriginalColours(p.$),
    );
  invertColors(p.$, dark, p.report);
}

/** Lightens the email's dark text colours (and only those); returns how many changed. */
export function lightenDarkText($: EmailDocument): number {
  return rewriteColors($, 'partial-inversion', ['text']);
}
