import type { Root } from 'postcss';
import type { ClientFeature } from './client-features';
import type { Note } from './markup-features';
import type { DeclarationContext, DeclarationVerdict } from './note-rule';

/*
 * What caniemail's data decides for one CSS declaration in a client: the features whose
 * matchers match it, the verdict of their notes, and the notes that drop a whole style block
 * or attribute. Pure functions of the client's features, kept per client where repeated.
 */

/** What a feature's notes, or its lack of support, decide for a declaration it matches. */
export function verdictFor(
  entry: ClientFeature,
  context: DeclarationContext,
): { verdict: DeclarationVerdict; number?: string } | undefined {
  const matched = entry.matcher.declaration?.(context);
  if (!matched) return undefined;
  for (const { rule, number } of entry.notes) {
    const verdict = rule.declaration?.(context);
    if (verdict) return { verdict, number };
  }
  if (!entry.unsupported) return undefined;
  return { verdict: { action: matched === 'remove' ? 'remove' : 'strip-important' } };
}

/** Which features' matchers match a declaration: pure, so kept per client and declaration. */
const matchesByClient = new WeakMap<ClientFeature[], Map<string, ClientFeature[]>>();
export function featuresMatching(
  features: ClientFeature[],
  d: DeclarationContext,
): ClientFeature[] {
  let known = matchesByClient.get(features);
  if (!known) matchesByClient.set(features, (known = new Map()));
  const key = `${d.property}\u0000${d.value}\u0000${d.important}`;
  let matching = known.get(key);
  if (!matching) {
    matching = features.filter((entry) => entry.matcher.declaration?.(d));
    known.set(key, matching);
  }
  return matching;
}

/** Notes that strip a whole style block or attribute (css-rgb #3, css-modern-color #2). */
const DROPS_CONTAINER =
  /whole attribute is stripped|whole `<style>` block|remove all inline styles/;
const droppersByClient = new WeakMap<ClientFeature[], Set<ClientFeature>>();

/** A client's features with a note that may strip the whole container: most have none. */
export function droppersOf(features: ClientFeature[]): Set<ClientFeature> {
  let droppers = droppersByClient.get(features);
  if (!droppers) {
    droppers = new Set(
      features.filter((entry) => entry.notes.some((n) => DROPS_CONTAINER.test(n.text))),
    );
    droppersByClient.set(features, droppers);
  }
  return droppers;
}

/** The first feature whose note drops the whole container for this declaration. */
export function dropVerdict(
  matching: ClientFeature[],
  context: DeclarationContext,
  droppers: Set<ClientFeature>,
): { entry: ClientFeature; number?: string } | undefined {
  for (const entry of matching) {
    if (!droppers.has(entry)) continue;
    const decided = verdictFor(entry, context);
    if (decided?.verdict.action === 'drop-container') return { entry, number: decided.number };
  }
  return undefined;
}

/**
 * Whether a style block holds a declaration whose note strips the whole block, anywhere in
 * it (inside a media query or a rule that other features would remove first, too).
 */
export function dropsContainer(
  root: Root,
  features: ClientFeature[],
  note: Note,
  where: string,
): boolean {
  const droppers = droppersOf(features);
  if (droppers.size === 0) return false;
  let dropping: { entry: ClientFeature; number?: string } | undefined;
  root.walkDecls((decl) => {
    const context: DeclarationContext = {
      property: decl.prop.toLowerCase(),
      value: decl.value,
      important: Boolean(decl.important),
      rawImportant: decl.important ? (decl.raws.important ?? ' !important') : '',
      inline: false,
      tags: null,
    };
    dropping = dropVerdict(featuresMatching(features, context), context, droppers);
    if (dropping) return false;
  });
  if (dropping) note(dropping.entry, where, 1, dropping.number);
  return dropping !== undefined;
}
