import type { Selector } from 'postcss-selector-parser';

/**
 * Outlook.com prefixes class and id names with `x_`, in the HTML and in style blocks. In a
 * chain of classes (`.foo.bar`) only the first is prefixed (`.x_foo.bar`), so the rule no
 * longer matches anything (email-bugs#61, #106; caniemail css-selector-chaining #4). Each
 * selector of a list is prefixed on its own, so lists keep working (email-bugs#106).
 * Returns whether a name was left unprefixed, that is whether the selector is now dead.
 */
export function prefixFirstOfEachCompound(selector: Selector, prefix: string): boolean {
  let prefixedInCompound = false;
  let broken = false;
  for (const node of selector.nodes) {
    if (node.type === 'combinator') prefixedInCompound = false;
    else if (node.type === 'class' || node.type === 'id') {
      if (prefixedInCompound) broken = true;
      else node.value = prefix + node.value;
      prefixedInCompound = true;
    } else if (node.type === 'pseudo') {
      for (const inner of node.nodes) broken = prefixFirstOfEachCompound(inner, prefix) || broken;
    }
  }
  return broken;
}
