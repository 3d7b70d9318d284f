import type { AnyNode, Element } from 'domhandler';
import type { Rule } from 'postcss';
import selectorParser from 'postcss-selector-parser';
import { editStylesheets } from '../../model/css-walker';
import type { Preparation } from '../../model/client-family';
import { caniemailSource } from '../../model/render-report';

/** Marks the elements a `<style>` comes too late for; the suffix is the block's number. */
const EARLY = 'data-ip-before-style-';

/**
 * Word reads an email in one pass: a `<style>` applies only to the elements that come after
 * it (caniemail html-style #4, "`<style>` elements need to be declared before their rules are
 * used": Outlook 2007-2019 and Windows Mail). A block inside the body therefore styles neither
 * the elements before it nor those that open before it (its ancestors, the body). The browser
 * applies every block to the whole document, so each element that comes earlier is marked and
 * the block's selectors exclude the mark (`.x` → `.x:not([data-ip-before-style-1])`).
 * Blocks in the head come before every element of the body: untouched.
 */
export function applyLateStyleBlocks(p: Preparation): void {
  const body = p.$('body').get(0);
  if (!body) return;
  const order = elementsInOrder(body);
  const position = new Map(order.map((element, index) => [element, index]));
  let block = 0;
  editStylesheets(p.$, (root, element) => {
    const at = element ? position.get(element as Element) : undefined;
    if (at === undefined) return;
    const earlier = order.slice(0, at).filter((e) => e.tagName !== 'style');
    if (earlier.length === 0) return;
    block += 1;
    const mark = `${EARLY}${block}`;
    let excluded = false;
    root.walkRules((rule) => {
      if (insideKeyframes(rule)) return;
      rule.selector = excluding(rule.selector, mark);
      excluded = true;
    });
    if (!excluded) return;
    for (const e of earlier) e.attribs[mark] = '';
    p.report.add(
      'html-style',
      '<style> elements need to be declared before their rules are used: not applied to the elements before it',
      'style block in the body',
      caniemailSource('html-style', ['4']),
    );
  });
}

/** Every element of the body, the body first, in the order their start tags come. */
function elementsInOrder(body: Element): Element[] {
  const found: Element[] = [];
  const walk = (node: AnyNode) => {
    if (node.type !== 'tag' && node.type !== 'style' && node.type !== 'script') return;
    const element = node as Element;
    found.push(element);
    element.children.forEach(walk);
  };
  walk(body);
  return found;
}

function insideKeyframes(rule: Rule): boolean {
  const parent = rule.parent;
  return parent?.type === 'atrule' && /keyframes$/i.test((parent as { name: string }).name);
}

/** Each selector of the list, its subject excluding the marked elements. */
function excluding(selectors: string, mark: string): string {
  return selectorParser((list) => {
    list.each((selector) => {
      const exclusion = selectorParser.pseudo({ value: ':not' });
      const inner = selectorParser.selector({ value: '', nodes: [] });
      inner.append(selectorParser.attribute({ attribute: mark, value: undefined, raws: {} }));
      exclusion.append(inner);
      // Before a pseudo-element (`a::before`), which must stay last.
      const pseudoElement = selector.nodes.find(
        (node) => node.type === 'pseudo' && node.value.startsWith('::'),
      );
      if (pseudoElement) selector.insertBefore(pseudoElement, exclusion);
      else selector.append(exclusion);
    });
  }).processSync(selectors);
}
