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

/**
 * Runs `edit` over every <style> block's stylesheet; a block that postcss cannot parse is
 * left as it is (the browser will skip what it cannot parse). Empty blocks are removed.
 */
export function editStylesheets(
  $: EmailDocument,
  edit: (root: Root, element: Element) => void,
): void {
  $('style').each((_i, element) => {
    const text = $(element).text();
    let root: Root;
    try {
      root = postcss.parse(text);
    } catch {
      return;
    }
    edit(root, element);
    const css = root.toString();
    if (css.trim()) {
      if (css !== text) $(element).text(css);
    } else $(element).remove();
  });
}

/** Runs `edit` over every style attribute's declarations, with the element they sit on. */
export function editInlineStyles(
  $: EmailDocument,
  edit: (root: Root, element: Element) => void,
): void {
  $('[style]').each((_i, element) => {
    const style = $(element).attr('style') ?? '';
    const root = parseInlineStyle(style);
    if (!root) return;
    edit(root, element);
    const css = serializeInlineStyle(root);
    if (css.trim()) {
      if (css !== style) $(element).attr('style', css);
    } else $(element).removeAttr('style');
  });
}
