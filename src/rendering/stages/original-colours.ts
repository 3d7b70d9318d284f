import type { Element } from 'domhandler';
import type { Rule } from 'postcss';
import { editStylesheets, parseInlineStyle } from '../model/css-walker';
import type { EmailDocument } from '../model/email-document';

/** The attributes Outlook's dark mode keeps an element's original colours in (roosterjs). */
export const ORIGINAL_COLOUR_ATTRIBUTES = {
  /** the style's text colour */
  styleText: 'data-ogsc',
  /** the style's background colour */
  styleBackground: 'data-ogsb',
  /** the `color` attribute */
  attributeText: 'data-ogac',
  /** the `bgcolor` attribute */
  attributeBackground: 'data-ogab',
} as const;

const TEXT = /^color$/i;
const BACKGROUND = /^background(-color)?$/i;

/**
 * Outlook's dark mode (Outlook.com, Outlook on the web, the new Outlook for Windows and Outlook
 * for Mac from 16.70) rewrites the colours it darkens inline and keeps each element's original
 * in `data-ogsc`/`data-ogsb` (style text and background colour) and `data-ogac`/`data-ogab`
 * (the `color` and `bgcolor` attributes): caniemail css-at-media-prefers-color-scheme #3;
 * hteumeuleu.com, "Dealing with Outlook.com's dark mode" (2019); microsoft/roosterjs
 * DarkModeDatasetNames. A colour set by a style block is kept as an empty value (the
 * attribute is there, the original is not inline: email-bugs#64). Only in dark mode: a light
 * profile never carries them, so an email's `[data-ogsc] .x` rules apply in dark mode only.
 * Runs before the colours are rewritten; returns how many elements were marked.
 */
export function markOriginalColours($: EmailDocument): number {
  const marked = new Set<Element>();
  const mark = (element: Element, name: string, value: string) => {
    if (element.attribs[name] === undefined) element.attribs[name] = value;
    marked.add(element);
  };
  $('[style]').each((_i, el) => {
    const element = el as Element;
    const root = parseInlineStyle(element.attribs.style ?? '');
    root?.walkDecls((decl) => {
      if (TEXT.test(decl.prop)) mark(element, ORIGINAL_COLOUR_ATTRIBUTES.styleText, decl.value);
      else if (BACKGROUND.test(decl.prop))
        mark(element, ORIGINAL_COLOUR_ATTRIBUTES.styleBackground, decl.value);
    });
  });
  $('[bgcolor]').each((_i, el) =>
    mark(el as Element, ORIGINAL_COLOUR_ATTRIBUTES.attributeBackground, $(el).attr('bgcolor')!),
  );
  $('font[color]').each((_i, el) =>
    mark(el as Element, ORIGINAL_COLOUR_ATTRIBUTES.attributeText, $(el).attr('color')!),
  );
  editStylesheets($, (root) =>
    root.walkRules((rule) => {
      const colours = ruleColours(rule);
      if (!colours.text && !colours.background) return;
      for (const element of matched($, rule.selector)) {
        if (colours.text) mark(element, ORIGINAL_COLOUR_ATTRIBUTES.styleText, '');
        if (colours.background) mark(element, ORIGINAL_COLOUR_ATTRIBUTES.styleBackground, '');
      }
    }),
  );
  return marked.size;
}

function ruleColours(rule: Rule): { text: boolean; background: boolean } {
  let text = false;
  let background = false;
  rule.each((node) => {
    if (node.type !== 'decl') return;
    if (TEXT.test(node.prop)) text = true;
    else if (BACKGROUND.test(node.prop)) background = true;
  });
  return { text, background };
}

/** The elements a rule's selector matches now; none where the selector engine cannot match it. */
function matched($: EmailDocument, selector: string): Element[] {
  try {
    return $(selector).toArray() as Element[];
  } catch {
    return []; // pseudo-classes and the like that only the browser matches
  }
}
