import type { AtRule, ChildNode } from 'postcss';
import valueParser from 'postcss-value-parser';

/** An http(s) URL from a reference as written, resolved against `base`; null otherwise. */
export function httpUrl(reference: string, base?: string): string | null {
  try {
    const url = new URL(reference.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The @import rules of a stylesheet that engines honour: those before any rule but
 * @charset, @layer statements and other @imports (CSS Cascade 5 §6.1.2). Found at POST to
 * fetch them and at render to put them in place, by the same reading.
 */
export function leadingImports(nodes: readonly ChildNode[]): AtRule[] {
  const imports: AtRule[] = [];
  for (const node of nodes) {
    if (node.type === 'comment') continue;
    if (node.type !== 'atrule') break;
    const name = node.name.toLowerCase();
    if (name === 'charset' || (name === 'layer' && !node.nodes)) continue;
    if (name !== 'import') break;
    imports.push(node);
  }
  return imports;
}

/** What an @import names (`url(...)` or a string first) and the media list after it. */
export function importTarget(rule: AtRule): { reference: string | null; media: string } {
  const [first, ...rest] = valueParser(rule.params).nodes.filter((node) => node.type !== 'space');
  let reference: string | null = null;
  if (first?.type === 'string') reference = first.value;
  else if (first?.type === 'function' && first.value.toLowerCase() === 'url' && first.nodes[0])
    reference = first.nodes[0].value;
  const media = rest.map((node) => valueParser.stringify(node)).join(' ');
  return { reference, media };
}
