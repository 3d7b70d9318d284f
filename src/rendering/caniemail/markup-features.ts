import type { Element } from 'domhandler';
import { hasDoctype, type EmailDocument } from '../model/email-document';
import type { ClientFeature } from './client-features';
import type { ElementAction } from './feature-matchers';

/** Reports one finding of a feature, naming the note that decided it. */
export type Note = (feature: ClientFeature, where: string, count?: number, number?: string) => void;

/** Tag and attribute names present in the document: most element features then need no query. */
function namesIn($: EmailDocument): { tags: Set<string>; attributes: Set<string> } {
  const tags = new Set<string>();
  const attributes = new Set<string>();
  $('*').each((_i, el) => {
    const element = el as Element;
    tags.add(element.tagName);
    for (const name in element.attribs) attributes.add(name);
  });
  return { tags, attributes };
}
const selectorTags = (selector: string) =>
  selector.split(',').map((part) => /^\s*([a-z][a-z0-9]*)/i.exec(part)?.[1]?.toLowerCase() ?? '*');

export function editMarkup(
  $: EmailDocument,
  features: ClientFeature[],
  note: Note,
  found: (entry: ClientFeature, where: string) => void,
): void {
  const present = namesIn($);
  const mayHave = (selector: string) =>
    selectorTags(selector).some((tag) => tag === '*' || present.tags.has(tag));
  const hasAttribute = (names: string[]) => names.some((name) => present.attributes.has(name));
  for (const entry of features) {
    const { elements, attributes, doctype } = entry.matcher;
    if (entry.unsupported && elements && mayHave(elements.selector)) {
      const matched = $(elements.selector);
      matched.each((_i, element) => applyElementAction($, element as Element, elements.action));
      if (matched.length) note(entry, `<${elements.selector}>`, matched.length);
    }
    if (entry.unsupported && attributes && hasAttribute(attributes.names)) {
      const matched = $(attributes.selector);
      matched.each((_i, el) => void attributes.names.forEach((name) => $(el).removeAttr(name)));
      if (matched.length) note(entry, `${attributes.names.join(', ')} attribute`, matched.length);
    }
    if (entry.unsupported && doctype && hasDoctype($)) note(entry, 'doctype');
    // Present, partly supported, and no note of it is emulated: reported as such.
    if (!entry.unsupported && elements && mayHave(elements.selector) && $(elements.selector).length)
      found(entry, `<${elements.selector}>`);
    if (!entry.unsupported && attributes && hasAttribute(attributes.names))
      found(entry, `${attributes.names.join(', ')} attribute`);
    for (const { rule, number } of entry.notes) {
      if (rule.element && mayHave(rule.element.selector)) {
        const matched = $(rule.element.selector);
        const action = rule.element.action;
        matched.each((_i, element) => applyElementAction($, element as Element, action));
        if (matched.length) note(entry, `<${rule.element.selector}>`, matched.length, number);
      }
      if (rule.attributesOnlyOn && attributes && hasAttribute(attributes.names)) {
        const matched = $(attributes.selector).not(rule.attributesOnlyOn);
        matched.each((_i, el) => void attributes.names.forEach((name) => $(el).removeAttr(name)));
        if (matched.length)
          note(entry, `${attributes.names.join(', ')} attribute`, matched.length, number);
      }
    }
  }
}

function applyElementAction($: EmailDocument, element: Element, action: ElementAction): void {
  const node = $(element);
  if (action === 'remove') node.remove();
  else if (action === 'unwrap') {
    node.find('source, track').remove();
    node.replaceWith(node.contents());
  } else {
    element.tagName = action === 'rename-div' ? 'div' : action === 'rename-u' ? 'u' : 'span';
  }
}
