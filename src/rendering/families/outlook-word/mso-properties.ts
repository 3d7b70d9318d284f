import type { Container, Declaration } from 'postcss';
import type { ReportSink } from '../../model/render-report';

/** Word's single line height for a font size, as a multiple (Times New Roman and Arial ~1.15). */
const SINGLE_LINE = 1.15;
const WORD_DEFAULT_FONT_PX = 16;

const px = (value: string): number | undefined => {
  const match = /^\s*(-?\d*\.?\d+)(px|pt)?\s*$/i.exec(value);
  if (!match) return undefined;
  return Number(match[1]) * (match[2]?.toLowerCase() === 'pt' ? 96 / 72 : 1);
};

const last = (root: Container, property: string): Declaration | undefined => {
  let found: Declaration | undefined;
  root.walkDecls(property, (decl) => void (found = decl));
  return found;
};

/**
 * The `mso-` properties Outlook's Word engine reads instead of, or on top of, the standard
 * ones (Microsoft Office HTML and XML Reference), applied to one declaration block:
 * - `mso-padding-alt` replaces the padding (MJML and buttons.cm rely on it on a button's cell);
 * - `mso-margin-top-alt` / `mso-margin-bottom-alt` replace those margins;
 * - `mso-line-height-alt` replaces line-height, and without `mso-line-height-rule: exactly`
 *   Word treats a line height as a minimum: a line is never shorter than the font's single
 *   line (caniemail css-line-height #1);
 * `fontSize` is the block's font size in px when known (its own or inherited).
 */
export function applyMsoProperties(
  root: Container,
  fontSize: number | undefined,
  report: ReportSink,
  where: string,
): void {
  const paddingAlt = last(root, 'mso-padding-alt');
  if (paddingAlt) {
    root.walkDecls(/^padding(-(top|right|bottom|left))?$/i, (decl) => void decl.remove());
    paddingAlt.cloneBefore({ prop: 'padding', value: paddingAlt.value });
    report.add(
      'rule:word-mso',
      'mso-padding-alt replaces padding',
      where,
      'Microsoft Office HTML and XML Reference: mso-padding-alt',
    );
  }
  for (const side of ['top', 'bottom']) {
    const alt = last(root, `mso-margin-${side}-alt`);
    if (!alt || px(alt.value) === undefined) continue;
    root.walkDecls(`margin-${side}`, (decl) => void decl.remove());
    alt.cloneBefore({ prop: `margin-${side}`, value: alt.value });
    report.add(
      'rule:word-mso',
      `mso-margin-${side}-alt replaces margin-${side}`,
      where,
      'Microsoft Office HTML and XML Reference: mso-margin-alt',
    );
  }
  const lineHeightAlt = last(root, 'mso-line-height-alt');
  if (lineHeightAlt) {
    root.walkDecls('line-height', (decl) => void decl.remove());
    lineHeightAlt.cloneBefore({ prop: 'line-height', value: lineHeightAlt.value });
    report.add(
      'rule:word-mso',
      'mso-line-height-alt replaces line-height',
      where,
      'Microsoft Office HTML and XML Reference: mso-line-height-alt',
    );
  }
  const exactly = /exactly/i.test(last(root, 'mso-line-height-rule')?.value ?? '');
  const lineHeight = last(root, 'line-height');
  const height = lineHeight && px(lineHeight.value);
  const size = px(last(root, 'font-size')?.value ?? '') ?? fontSize ?? WORD_DEFAULT_FONT_PX;
  if (!exactly && lineHeight && height !== undefined && height < size * SINGLE_LINE) {
    lineHeight.value = 'normal';
    report.add(
      'css-line-height',
      'Without mso-line-height-rule: exactly, a line height is at least the single line of its font',
      where,
      'caniemail css-line-height #1; Microsoft Office HTML and XML Reference: mso-line-height-rule',
    );
  }
}

/** How far `mso-text-raise` raises the text of a style attribute, in px. */
export function textRaise(root: Container): number | undefined {
  const raise = last(root, 'mso-text-raise');
  return raise ? px(raise.value) : undefined;
}

/** The font size in px that a style declares, if it declares one in px or pt. */
export function declaredFontSize(root: Container): number | undefined {
  const size = last(root, 'font-size');
  return size ? px(size.value) : undefined;
}
