import { colord, Colord, extend } from 'colord';
import namesPlugin from 'colord/plugins/names';
import valueParser from 'postcss-value-parser';
import type { DarkStrategy } from '../catalog/client-profile';
import { editInlineStyles, editStylesheets } from './css-walker';
import type { EmailDocument } from './email-document';
import type { RenderReport } from './render-report';

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
 * Rewrites the email's colours the way a dark-mode client with colour inversion does: in
 * style blocks, style attributes and the legacy bgcolor/color/text attributes. Not a
 * filter over the page: images keep their colours, as in the clients.
 */
export function invertColors($: EmailDocument, strategy: Inversion, report: RenderReport): void {
  let count = 0;
  const edit = (root: import('postcss').Root) =>
    root.walkDecls((decl) => {
      const role = roleOf(decl.prop.toLowerCase());
      if (!role) return;
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
    $(selector).each((_i, el) => {
      const replacement = invertColor($(el).attr(name)!, role, strategy);
      if (replacement) {
        $(el).attr(name, replacement);
        count++;
      }
    });
  }
  report.add(
    `rule:${strategy}`,
    `Dark mode: colours rewritten by ${strategy.replace('-', ' ')}`,
    'colours',
    count,
  );
}
