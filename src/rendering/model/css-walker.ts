import type { Element } from 'domhandler';
import postcss, { Root } from 'postcss';
import type { EmailDocument } from './email-document';

const WRAP_OPEN = 'x{';

/**
 * Parsed style attributes by text: emails repeat the same style attribute hundreds of times,
 * and cloning a parsed one costs a third of parsing it again. Bounded, so it cannot grow.
 */
const parsedByText = new Map<string, Root | null>();
const PARSED_BY_TEXT_LIMIT = 5000;

/** Parses a style attribute's declarations as a postcss rule; null when it cannot be parsed. */
export function parseInlineStyle(style: string): Root | null {
  let parsed = parsedByText.get(style);
  if (parsed === undefined) {
    try {
      parsed = postcss.parse(`${WRAP_OPEN}${style}}`);
    } catch {
      parsed = null;
    }
    if (parsedByText.size >= PARSED_BY_TEXT_LIMIT) parsedByText.clear();
    parsedByText.set(style, parsed);
  }
  return parsed ? parsed.clone() : null;
}

export function serializeInlineStyle(root: Root): string {
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

/**
 * Rewrites the style attributes that `only` selects with `rewrite`, whose result must depend
 * on the attribute's text alone: each distinct text is parsed and rewritten once (emails
 * repeat the same attributes hundreds of times). Returns the sum of what `rewrite` counted,
 * element by element.
 */
export function rewriteStyleAttributes(
  $: EmailDocument,
  only: (style: string) => boolean,
  rewrite: (root: Root) => number,
): number {
  const known = new Map<string, { css: string; count: number }>();
  let total = 0;
  $('[style]').each((_i, element) => {
    const style = element.attribs.style ?? '';
    if (!only(style)) return;
    let result = known.get(style);
    if (!result) {
      const root = parseInlineStyle(style);
      const count = root ? rewrite(root) : 0;
      result = { css: root ? serializeInlineStyle(root) : style, count };
      known.set(style, result);
    }
    total += result.count;
    if (!result.css.trim()) $(element).removeAttr('style');
    else if (result.css !== style) element.attribs.style = result.css;
  });
  return total;
}
