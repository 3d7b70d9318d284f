import { Element, isTag } from 'domhandler';

/** Paths longer than this are cut from the top: a finding names an element, not a document. */
const MAX_STEPS = 5;

/**
 * A short CSS selector for an element, e.g. `body > table:nth-of-type(2) > tbody > tr > td > a`,
 * for a developer to find it in the browser's inspector. It stops at the nearest ancestor with
 * an id (unique, and what the author named); otherwise at `<body>`. When more than
 * MAX_STEPS steps remain, the top ones give way to a descendant combinator
 * (`body table > tbody > tr > td > a`): still a valid selector, just less precise.
 */
export function elementPath(el: Element): string {
  const steps: string[] = [];
  let anchor: string | undefined;
  for (let node: Element | null = el; node; node = parentElement(node)) {
    const id = node.attribs.id?.trim();
    if (id) {
      anchor = `${node.name}${idSelector(id)}`;
      break;
    }
    if (node.name === 'body' || node.name === 'html') {
      anchor = node.name;
      break;
    }
    steps.unshift(`${node.name}${nthOfType(node)}`);
  }
  if (anchor === undefined) anchor = steps.shift() ?? el.name; // detached: the topmost step
  if (steps.length === 0) return anchor;
  if (steps.length < MAX_STEPS) return [anchor, ...steps].join(' > ');
  return `${anchor} ${steps.slice(-(MAX_STEPS - 1)).join(' > ')}`;
}

function parentElement(node: Element): Element | null {
  const parent = node.parent;
  return parent && isTag(parent) ? parent : null;
}

/** `:nth-of-type(n)` only when siblings share the tag name; alone, the name is enough. */
function nthOfType(node: Element): string {
  const siblings = (node.parent?.children ?? []).filter(
    (child): child is Element => isTag(child) && child.name === node.name,
  );
  return siblings.length > 1 ? `:nth-of-type(${siblings.indexOf(node) + 1})` : '';
}

/** `#id` when it is a plain identifier, else an attribute selector that needs no escaping. */
function idSelector(id: string): string {
  return /^[A-Za-z_][\w-]*$/.test(id) ? `#${id}` : `[id="${id.replace(/["\\]/g, '\\$&')}"]`;
}
