import postcss, { Root, Rule } from 'postcss';

/** One declaration as the checks read it: the property lower-cased, the value trimmed. */
export interface CssDeclaration {
  property: string;
  value: string;
  important: boolean;
}

/** A stylesheet rule outside any at-rule: a selector list and its declarations. */
export interface CssRule {
  selector: string;
  declarations: CssDeclaration[];
}

/**
 * The declarations of a style attribute, in order. Wrapped in a rule because postcss reads a
 * stylesheet, not a declaration list; an attribute postcss cannot read counts as empty, as a
 * client would drop it.
 */
export function inlineDeclarations(style: string | undefined): CssDeclaration[] {
  if (!style || !style.trim()) return [];
  try {
    const rule = postcss.parse(`x{${style}}`).first;
    return rule && rule.type === 'rule' ? declarationsOf(rule) : [];
  } catch {
    return [];
  }
}

/**
 * The rules of `<style>` blocks that apply everywhere. Rules inside @media (and other at-rules)
 * are left out: they apply only on some screens or clients, and a check that assumed they did
 * would judge an email by a layout most readers do not get.
 */
export function stylesheetRules(blocks: string[]): CssRule[] {
  const rules: CssRule[] = [];
  for (const block of blocks) {
    let root: Root;
    try {
      root = postcss.parse(block);
    } catch {
      continue; // a browser skips what it cannot parse; so do we
    }
    for (const node of root.nodes) {
      if (node.type === 'rule')
        rules.push({ selector: node.selector, declarations: declarationsOf(node) });
    }
  }
  return rules;
}

function declarationsOf(rule: Rule): CssDeclaration[] {
  const found: CssDeclaration[] = [];
  rule.each((node) => {
    if (node.type === 'decl')
      found.push({
        property: node.prop.trim().toLowerCase(),
        value: node.value.trim(),
        important: node.important === true,
      });
  });
  return found;
}

/** Whether a CSS length is zero, whatever its unit (`0`, `0px`, `0.0em`). */
export function isZeroLength(value: string | undefined): boolean {
  return value !== undefined && /^[+-]?0*\.?0+([a-z%]+)?$/i.test(value.trim());
}
