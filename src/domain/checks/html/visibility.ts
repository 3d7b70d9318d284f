import { colord, extend } from 'colord';
import namesPlugin from 'colord/plugins/names';
import { Element, isTag } from 'domhandler';
import type { AnyNode } from 'domhandler';
import { isZeroLength } from './css-declarations';
import type { HtmlDocument } from './html-document';

extend([namesPlugin]);

/** What a webmail's reading pane shows behind text nobody set a background for. */
const DEFAULT_BACKGROUND = '#ffffff';
const DEFAULT_TEXT_COLOR = '#000000';

/**
 * Whether a node is hidden from a reader looking at the email's body: it or an ancestor
 * is hidden by one of the techniques emails use for preheaders.
 */
export function isHidden(doc: HtmlDocument, node: AnyNode): boolean {
  for (let el = isTag(node) ? node : parentElement(node); el; el = parentElement(el)) {
    if (hidesItself(doc, el)) return true;
  }
  return false;
}

/**
 * The techniques, by what the element's own styles say. `mso-hide:all` alone is not one: it
 * hides only in Outlook for Windows, and every other client shows the text in the body; it
 * counts when it comes with one of the others (as preheaders write it, for Outlook's sake).
 */
function hidesItself(doc: HtmlDocument, el: Element): boolean {
  const style = doc.style(el);
  const get = (property: string) => style.get(property)?.toLowerCase();
  if (get('display') === 'none') return true;
  if (get('visibility') === 'hidden' || get('visibility') === 'collapse') return true;
  const opacity = get('opacity');
  if (opacity !== undefined && parseFloat(opacity) === 0) return true;
  // A box with no height (or width) that clips what overflows it shows nothing.
  const clipped = get('overflow') === 'hidden' || get('overflow-y') === 'hidden';
  const flat = ['max-height', 'height', 'max-width', 'width'].some((p) => isZeroLength(get(p)));
  if (clipped && flat) return true;
  const fontSize = get('font-size');
  if (fontSize !== undefined) {
    if (isZeroLength(fontSize)) return true;
    // 1px text in the background's colour: a line of dots nobody can read.
    if (/^(0*\.\d+|1)(px)?$/.test(fontSize) && sameColor(textColor(doc, el), background(doc, el)))
      return true;
  }
  return false;
}

/** The text colour an element inherits: its own, or the nearest ancestor's (`<font color>` too). */
function textColor(doc: HtmlDocument, el: Element): string {
  for (let node: Element | null = el; node; node = parentElement(node)) {
    const color =
      doc.style(node).get('color') ?? (node.name === 'font' ? node.attribs.color : undefined);
    if (color) return color;
  }
  return DEFAULT_TEXT_COLOR;
}

/** The colour behind an element: the nearest background colour (CSS or bgcolor) up the tree. */
function background(doc: HtmlDocument, el: Element): string {
  for (let node: Element | null = el; node; node = parentElement(node)) {
    const style = doc.style(node);
    const color =
      style.get('background-color') ?? plainColor(style.get('background')) ?? node.attribs.bgcolor;
    if (color && colord(color).isValid() && colord(color).alpha() > 0) return color;
  }
  return DEFAULT_BACKGROUND;
}

/** The `background` shorthand when it is only a colour (not an image or a gradient). */
function plainColor(value: string | undefined): string | undefined {
  return value && colord(value.trim()).isValid() ? value.trim() : undefined;
}

function sameColor(a: string, b: string): boolean {
  const first = colord(a);
  const second = colord(b);
  return first.isValid() && second.isValid() && first.toHex() === second.toHex();
}

function parentElement(node: AnyNode): Element | null {
  const parent = node.parent;
  return parent && isTag(parent) ? parent : null;
}
