import type { Declaration, Root } from 'postcss';
import { editStylesheets, rewriteStyleAttributes } from '../../model/css-walker';
import type { EmailDocument } from '../../model/email-document';
import type { RenderReport } from '../../model/render-report';

/**
 * iOS Mail shows no text smaller than 13px unless the email sets `-webkit-text-size-adjust`
 * to `none` or a percentage (`100%`) on the text or an ancestor: the property is inherited,
 * and `auto` turns the minimum back on. Documented by Apple (Safari Web Content Guide,
 * "Adjusting the Text Size") and by the email boilerplates that ship the reset "ios likes to
 * enforce a minimum font size of 13px; kill it with this" (HTML Email Boilerplate,
 * "Prevent Webkit and Windows Mobile platforms from changing default font sizes").
 *
 * Emulated with the cascade itself: every font size becomes `max(var(--min), size)`, and
 * each `-webkit-text-size-adjust` declaration sets the inherited `--min` next to it.
 */
export const IOS_MINIMUM_TEXT_SIZE = 13;
const MINIMUM = '--ip-ios-min-font';
const minimumOf = (size: string) => `max(var(${MINIMUM}, ${IOS_MINIMUM_TEXT_SIZE}px), ${size})`;
const SOURCE =
  'Apple: Safari Web Content Guide, Adjusting the Text Size (-webkit-text-size-adjust); HTML Email Boilerplate';

/** Keywords max() cannot take, as the lengths they stand for at the default 16px. */
const KEYWORDS: Record<string, string> = {
  'xx-small': '9px',
  'x-small': '10px',
  small: '13px',
  smaller: '0.833em',
};
const SIZE =
  /^(?:[\d.]+(?:px|pt|em|rem|%|pc|mm|cm|in|ex|ch)|xx-small|x-small|small|smaller|calc\(.*\))$/i;
const SIZE_IN_FONT =
  /(?:^|\s)((?:[\d.]+(?:px|pt|em|rem|%))|xx-small|x-small|small|smaller)(?:\/\S+)?(?=\s)/i;

function floored(size: string): string | null {
  const value = KEYWORDS[size.toLowerCase()] ?? size;
  return SIZE.test(value) ? minimumOf(value) : null;
}

function applyToDeclarations(root: Root): number {
  let count = 0;
  root.walkDecls((decl: Declaration) => {
    const property = decl.prop.toLowerCase();
    if (property === 'font-size') {
      const value = floored(decl.value.trim());
      if (value) {
        decl.value = value;
        count++;
      }
    } else if (property === 'font') {
      const size = SIZE_IN_FONT.exec(` ${decl.value} `)?.[1];
      const value = size && floored(size);
      if (value) {
        decl.after({ prop: 'font-size', value, important: decl.important });
        count++;
      }
    } else if (property === '-webkit-text-size-adjust') {
      const off = /^\s*(none|[\d.]+%)\s*$/i.test(decl.value);
      decl.after({ prop: MINIMUM, value: off ? '0px' : `${IOS_MINIMUM_TEXT_SIZE}px` });
    }
  });
  return count;
}

/** Applies iOS Mail's minimum text size to every font size the email sets. */
export function applyMinimumTextSize($: EmailDocument, report: RenderReport): void {
  let count = 0;
  editStylesheets($, (root) => void (count += applyToDeclarations(root)));
  count += rewriteStyleAttributes(
    $,
    (style) => /font|text-size-adjust/i.test(style),
    applyToDeclarations,
  );
  // The browser's own small sizes: <font size="1"> is x-small (10px), <h6> is 0.67em. Put
  // first in the head, so any size the email gives them overrides these defaults.
  const small = $('font[size="1"], h6').length;
  if (small) {
    const defaults = `h6 { font-size: ${minimumOf('0.67em')} }\nfont[size="1"] { font-size: ${minimumOf('10px')} }`;
    $('head').prepend($('<style id="ip-ios-text-size"></style>').text(defaults));
    count += small;
  }
  if (count)
    report.add(
      'rule:ios-text-size',
      `Text under ${IOS_MINIMUM_TEXT_SIZE}px is shown at ${IOS_MINIMUM_TEXT_SIZE}px unless -webkit-text-size-adjust is none or a percentage`,
      'font-size',
      SOURCE,
      count,
    );
}
