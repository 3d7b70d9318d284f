import type { CheerioAPI } from 'cheerio';
import { Element, isTag, isText } from 'domhandler';
import type { AnyNode } from 'domhandler';
import { normalizeText } from './text-content';

/**
 * The name a screen reader announces for a link or button, following the order of the
 * accessible name computation (https://www.w3.org/TR/accname-1.2/) in its simple form:
 * aria-labelledby, then aria-label, then the content (text and images' alt text), then title.
 * A descriptive aria-label therefore rescues vague visible text such as "Read more".
 */
export function accessibleName($: CheerioAPI, el: Element): string {
  const labelledBy = (el.attribs['aria-labelledby'] ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) =>
      normalizeText(
        $(`[id="${id.replace(/["\\]/g, '\\$&')}"]`)
          .first()
          .text(),
      ),
    )
    .filter(Boolean)
    .join(' ');
  if (labelledBy) return labelledBy;
  const label = normalizeText(el.attribs['aria-label'] ?? '');
  if (label) return label;
  const content = normalizeText(contentText(el));
  if (content) return content;
  return normalizeText(el.attribs.title ?? '');
}

/** Text and images' alt text in document order, leaving out what is hidden from assistive tech. */
function contentText(node: AnyNode): string {
  if (isText(node)) return node.data;
  if (!isTag(node)) return '';
  if (node.attribs['aria-hidden'] === 'true') return '';
  if (node.name === 'script' || node.name === 'style') return '';
  if (node.name === 'img') return ` ${node.attribs.alt ?? ''} `;
  return node.children.map(contentText).join('');
}
