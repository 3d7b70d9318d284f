import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import type { CssDeclaration, CssRule } from './css-declarations';

/** One selector of a rule (a rule's list split at its commas), with the rule's place in order. */
interface IndexedSelector {
  order: number;
  selector: string;
  declarations: CssDeclaration[];
}

/**
 * The stylesheet rules that can match an element, found the way browsers find them: each
 * selector filed under the id, class or tag its last compound requires, so an element is
 * tested only against the selectors filed under its own id, classes and tag. Testing every
 * rule against every ancestor of a deep element costs seconds on an email with thousands of
 * rules; this costs a few selector tests.
 */
export class StylesheetIndex {
  private readonly buckets = new Map<string, IndexedSelector[]>();
  private readonly broken = new Set<string>();

  constructor(
    private readonly $: CheerioAPI,
    rules: CssRule[],
  ) {
    rules.forEach((rule, order) => {
      for (const selector of splitSelectorList(rule.selector)) {
        const key = bucketKey(selector);
        const bucket = this.buckets.get(key) ?? [];
        bucket.push({ order, selector, declarations: rule.declarations });
        this.buckets.set(key, bucket);
      }
    });
  }

  /** The declarations of the rules matching an element, in source order. */
  declarationsFor(el: Element): CssDeclaration[] {
    const keys = ['*', el.name.toLowerCase()];
    const id = el.attribs.id?.trim();
    if (id) keys.push(`#${id}`);
    for (const name of (el.attribs.class ?? '').split(/\s+/)) if (name) keys.push(`.${name}`);
    const candidates = new Set<IndexedSelector>();
    for (const key of new Set(keys))
      for (const entry of this.buckets.get(key) ?? []) candidates.add(entry);
    // A stylesheet repeats selectors (one rule per property, the same rule in each block):
    // each is tested once.
    const tested = new Map<string, boolean>();
    const matches = (selector: string) => {
      let result = tested.get(selector);
      if (result === undefined) tested.set(selector, (result = this.matches(el, selector)));
      return result;
    };
    return [...candidates]
      .filter((entry) => matches(entry.selector))
      .sort((a, b) => a.order - b.order)
      .flatMap((entry) => entry.declarations);
  }

  private matches(el: Element, selector: string): boolean {
    if (this.broken.has(selector)) return false;
    try {
      return this.$(el).is(selector);
    } catch {
      // A selector cheerio cannot evaluate (:hover, ::before, vendor pseudo-classes): a client
      // applies none of them to the email as it first shows it.
      this.broken.add(selector);
      return false;
    }
  }
}

/** A selector list split at its top-level commas (not those inside `:is(a, b)` or `[x=","]`). */
function splitSelectorList(list: string): string[] {
  const selectors: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      selectors.push(list.slice(start, i).trim());
      start = i + 1;
    }
  }
  selectors.push(list.slice(start).trim());
  return selectors.filter(Boolean);
}

/**
 * Where a selector is filed: the id, else the first class, else the tag of its last compound
 * (the element it styles). Anything harder to read (escapes, nothing to key on) goes under
 * `*`, which every element is tested against: a slower answer, never a wrong one.
 */
function bucketKey(selector: string): string {
  if (selector.includes('\\')) return '*';
  let plain = selector.replace(/"[^"]*"|'[^']*'/g, '""');
  for (let previous = ''; previous !== plain;) {
    previous = plain;
    plain = plain.replace(/\([^()]*\)|\[[^[\]]*\]/g, '');
  }
  const compounds = plain.split(/[\s>+~]+/).filter(Boolean);
  const last = compounds[compounds.length - 1] ?? '';
  const id = /#([\w-]+)/.exec(last);
  if (id) return `#${id[1]}`;
  const className = /\.([\w-]+)/.exec(last);
  if (className) return `.${className[1]}`;
  const tag = /^([a-z][\w-]*)/i.exec(last);
  return tag ? tag[1].toLowerCase() : '*';
}
