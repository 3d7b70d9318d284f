import type { Element } from 'domhandler';
import type { HtmlCheckFinding } from './html-check-ids';
import { SOURCES } from './check-sources';
import { inlineDeclarations } from './css-declarations';
import { elementPath } from './element-path';
import type { HtmlDocument } from './html-document';

/** img-alt and img-dimensions, for every `<img>`. */
export function imageMarkupChecks(doc: HtmlDocument): HtmlCheckFinding[] {
  const findings: HtmlCheckFinding[] = [];
  for (const el of doc.$('img').toArray()) {
    const alt = altFinding(el);
    if (alt) findings.push(alt);
    const dimensions = dimensionsFinding(el);
    if (dimensions) findings.push(dimensions);
  }
  return findings;
}

/**
 * Without alt, a screen reader reads the file name, and clients that block images show nothing
 * in its place. alt="" is right for a decorative image (spacers, tracking pixels); so is an
 * image named by aria-label(ledby) or marked decorative by role="presentation"/"none".
 */
function altFinding(el: Element): HtmlCheckFinding | undefined {
  const attribs = el.attribs;
  if (attribs.alt !== undefined) return undefined;
  if (attribs['aria-label']?.trim() || attribs['aria-labelledby']?.trim()) return undefined;
  if (/^(presentation|none)$/i.test(attribs.role?.trim() ?? '')) return undefined;
  return {
    id: 'img-alt',
    severity: 'error',
    message:
      `An image (${source(el)}) has no alt attribute: screen readers read out its file name. ` +
      'Describe it in alt, or write alt="" when it is decorative.',
    source: SOURCES.nonTextContent,
    element: elementPath(el),
  };
}

/**
 * Outlook for Windows (Word's engine) sizes an image by its width attribute: it ignores CSS width
 * on `<img>` (caniemail, css-width), so without the attribute it draws the file at its own
 * pixel size, which for a retina image is twice the layout. Without a height, clients that
 * block images cannot keep the space the image will take, and the layout jumps when it loads.
 * `height:auto` is accepted: it is the deliberate fluid-image pattern (the height follows the
 * width), and Outlook scales the height from the width attribute.
 */
function dimensionsFinding(el: Element): HtmlCheckFinding | undefined {
  const style = inlineSizes(el.attribs.style);
  const widthAttribute = Boolean(el.attribs.width?.trim());
  const width = widthAttribute || isLength(style.get('width'));
  const height = Boolean(el.attribs.height?.trim()) || style.has('height');
  const base = {
    id: 'img-dimensions' as const,
    severity: 'warning' as const,
    element: elementPath(el),
  };
  if (!width)
    return {
      ...base,
      message:
        `An image (${source(el)}) has no width${height ? '' : ' and no height'}: Outlook for ` +
        'Windows draws it at the size of its file. Set the width attribute' +
        `${height ? '' : ' and a height'}.`,
      source: SOURCES.htmlWidth,
    };
  if (!height)
    return {
      ...base,
      message:
        `An image (${source(el)}) has no height: clients that block images cannot keep its ` +
        'space, and the layout jumps when it loads. Set the height attribute (or height:auto ' +
        'for a fluid image).',
      source: SOURCES.htmlHeight,
    };
  if (!widthAttribute)
    return {
      ...base,
      message:
        `An image (${source(el)}) sets its width in CSS only: Outlook for Windows ignores CSS ` +
        'width on images and draws it at the size of its file. Add the width attribute.',
      source: SOURCES.cssWidth,
      clients: ['Outlook for Windows'],
    };
  return undefined;
}

/**
 * The width and height an image's style attribute sets (the last declaration of each). Only
 * the attribute: a `<style>` block is dropped by some clients, so an image's size belongs inline.
 */
function inlineSizes(style: string | undefined): Map<string, string> {
  const sizes = new Map<string, string>();
  for (const { property, value } of inlineDeclarations(style))
    if (property === 'width' || property === 'height') sizes.set(property, value);
  return sizes;
}

/** A value that sets a size (`auto` and the global keywords leave it to the file). */
function isLength(value: string | undefined): boolean {
  return value !== undefined && !/^(auto|inherit|initial|unset|revert)?$/i.test(value);
}

/** The image as a reader of the message finds it in the HTML: its file name, or "no src". */
function source(el: Element): string {
  const src = el.attribs.src?.trim();
  if (!src) return 'no src';
  if (/^data:/i.test(src)) return 'an inline data: image';
  const name = src.split(/[?#]/)[0].split('/').filter(Boolean).pop() ?? src;
  return name.length > 60 ? `${name.slice(0, 59)}…` : name;
}
