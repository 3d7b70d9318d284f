import type { Element } from 'domhandler';
import postcss, { Root } from 'postcss';
import type { EmailDocument } from './email-document';

const WRAP_OPEN = 'x{';

/** Parses a style attribute's declarations as a postcss rule; null when it cannot be parsed. */
export function parseInlineStyle(style: string): Root | null {
  try {
    return postcss.parse(`${WRAP_OPEN}${style}}`);
  } catch {
    return null;
  }
}

function serializeInlineStyle(root: Root): string {
  const rule = root.first;
  if (!rule || rule.type !== 'rule') return '';
  return rule.nodes.map((node) => node.toString()).join(';');
}

/** An edit may answer 'drop' when the client removes the whole block or attribute. */
export type StyleEdit = (root: Root, element: Element) => unknown;

/**
 * Runs `edit` over every <style> block's stylesheet; a block that postcss cannot parse is
 * left as it is (the browser will skip what it cannot parse). Empty blocks are removed.
 */
export function editStylesheets($: EmailDocument, edit: StyleEdit): void {
  $('style').each((_i, element) => {
    const text = $(element).text();
    let root: Root;
    try {
      root = postcss.parse(text);
    } catch {
      return;
    }
    if (edit(root, element) === 'drop') return void $(element).remove();
    const css = root.toString();
    if (css.trim()) {
      if (css !== text) $(element).text(css);
    } else $(element).remove();
  });
}

/**
 * Style attributes parsed by earlier passes, kept while the attribute still reads as what
 * that pass wrote: each attribute is parsed once per email, not once per pass.
 */
const parsedStyles = new WeakMap<Element, { text: string; root: Root }>();

/**
 * Runs `edit` over every style attribute's declarations, with the element they sit on;
 * `only` skips attributes whose text shows they are of no interest to the pass.
 */
export function editInlineStyles(
  $: EmailDocument,
  edit: StyleEdit,
  only?: (style: string) => boolean,
): void {
  $('[style]').each((_i, element) => {
    const style = element.attribs.style ?? '';
    if (only && !only(style)) return;
    const cached = parsedStyles.get(element);
    const root = cached && cached.text === style ? cached.root : parseInlineStyle(style);
    if (!root) return;
    if (edit(root, element) === 'drop') {
      parsedStyles.delete(element);
      return void $(element).removeAttr('style');
    }
    const css = serializeInlineStyle(root);
    if (css.trim()) {
      if (css !== style) $(element).attr('style', css);
      parsedStyles.set(element, { text: css, root });
    } else $(element).removeAttr('style');
  });
}
