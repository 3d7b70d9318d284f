import { editStylesheets, parseInlineStyle } from '../../model/css-walker';
import type { EmailDocument } from '../../model/email-document';
import type { Preparation } from '../../model/client-family';

export const SAMSUNG_EMAIL = 'samsung-email';

const PIXELS = /^\s*(\d+(?:\.\d+)?)\s*(px)?\s*$/i;
const WIDTH_FEATURE = /\(\s*(min|max)-width\s*:\s*(\d+(?:\.\d+)?)(px|em|rem)?\s*\)/gi;

/** The widest `width` the email sets in pixels: width attributes and inline `width`. */
function widestDeclaredWidth($: EmailDocument): number {
  let widest = 0;
  $('[width]').each((_i, element) => {
    const match = PIXELS.exec($(element).attr('width') ?? '');
    if (match) widest = Math.max(widest, Number(match[1]));
  });
  $('[style]').each((_i, element) => {
    parseInlineStyle($(element).attr('style') ?? '')?.walkDecls(/^width$/i, (decl) => {
      const match = PIXELS.exec(decl.value.replace(/!important/i, ''));
      if (match && match[2]) widest = Math.max(widest, Number(match[1]));
    });
  });
  return widest;
}

/** Width media features answered for a layout viewport of `width` px. */
function evaluateWidthQueries($: EmailDocument, width: number): number {
  let count = 0;
  editStylesheets($, (root) =>
    root.walkAtRules(/^media$/i, (atRule) => {
      atRule.params = atRule.params.replace(WIDTH_FEATURE, (_all, kind: string, size, unit) => {
        count++;
        const limit = Number(size) * (unit && unit.toLowerCase() !== 'px' ? 16 : 1);
        const holds = kind.toLowerCase() === 'max' ? width <= limit : width >= limit;
        return holds ? '(min-width: 0px)' : '(max-width: 0px)';
      });
    }),
  );
  return count;
}

/**
 * Samsung Mail's auto fit (on by default): when the email sets a width wider than the
 * screen (a `width="600"` attribute or an inline `width`), Samsung Mail lays the email out at
 * the widest such width and shrinks it to the screen, so the email is not responsive: its
 * width media queries see that width, not the phone's (email-bugs#73: "width=600 will add
 * the meta viewport when autofit is on"; voidlabs/versafix-template#37: "adapts the viewport
 * to the largest width attribute or style width property"). The shrinking itself is the
 * capture's fit-to-width zoom.
 */
export function applySamsungAutoFit(p: Preparation): void {
  // Other clients fit the email to the screen without laying it out wider first.
  if (p.profile.family !== SAMSUNG_EMAIL || !p.profile.capture.includes('fit-to-width')) return;
  const { width: portrait, height } = p.profile.viewport;
  const screen = p.options.orientation === 'horizontal' ? height : portrait;
  const width = widestDeclaredWidth(p.$);
  if (width <= screen) return;
  const queries = evaluateWidthQueries(p.$, width);
  p.$('head').prepend(
    p.$('<style id="ip-samsung-auto-fit"></style>').text(`html { width: ${width}px; }`),
  );
  p.report.add(
    'rule:samsung-auto-fit',
    `Auto fit: laid out ${width}px wide (the widest width the email sets) and shrunk to the screen${
      queries ? `; width media queries answered for ${width}px` : ''
    }`,
    'viewport',
    'email-bugs#73; voidlabs/versafix-template#37',
  );
}
