import type { AtRule, ChildNode, Root, Rule } from 'postcss';

/** A comma outside parentheses: the query is a list of media queries. */
function isQueryList(params: string): boolean {
  let depth = 0;
  for (const char of params) {
    if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (char === ',' && depth === 0) return true;
  }
  return false;
}

/**
 * Yahoo Mail keeps a media query list (`@media screen and (max-width:450px), (orientation:
 * landscape)`) only up to its first comma and strips everything after it, the rest of the
 * `<style>` block included (email-bugs#149). Removes the at-rule and every node after it;
 * returns how many nodes were removed (0 when the block has no such query).
 */
export function cutAtMediaQueryList(root: Root): number {
  let cut: AtRule | undefined;
  root.walkAtRules(/^media$/i, (atRule) => {
    if (!cut && isQueryList(atRule.params)) cut = atRule;
  });
  return cut ? cutFrom(cut) : 0;
}

/** An attribute selector whose value holds a semicolon (`div[style="margin: 16px;"]`). */
const SEMICOLON_IN_ATTRIBUTE = /\[[^\]]*;[^\]]*\]/;

/**
 * Yahoo and AOL break every style after an attribute selector whose value holds a semicolon
 * (email-bugs#74): the rule and everything after it in the block are lost. Returns how many
 * nodes were removed.
 */
export function cutAtSemicolonInAttribute(root: Root): number {
  let cut: Rule | undefined;
  root.walkRules((rule) => {
    if (!cut && SEMICOLON_IN_ATTRIBUTE.test(rule.selector)) cut = rule;
  });
  return cut ? cutFrom(cut) : 0;
}

/** Removes a node and every node after it, up through its ancestors; how many were removed. */
function cutFrom(start: ChildNode): number {
  let removed = 0;
  let node: ChildNode | undefined = start;
  while (node) {
    const parent: ChildNode['parent'] = node.parent;
    let sibling: ChildNode | undefined = node;
    while (sibling) {
      const next: ChildNode | undefined = sibling.next();
      sibling.remove();
      removed++;
      sibling = next;
    }
    node = parent && parent.type !== 'root' ? (parent as ChildNode).next() : undefined;
  }
  return removed;
}
