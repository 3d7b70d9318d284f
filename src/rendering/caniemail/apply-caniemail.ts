import type { Element } from 'domhandler';
import type { AtRule, Declaration as CssDeclaration, Root, Rule } from 'postcss';
import selectorParser from 'postcss-selector-parser';
import type { ClientFamily } from '../model/client-family';
import { editStylesheets, parseInlineStyle, serializeInlineStyle } from '../model/css-walker';
import type { EmailDocument } from '../model/email-document';
import type { Preparation } from '../model/client-family';
import { caniemailSource } from '../model/render-report';
import type { ClientProfile } from '../profile/client-profile';
import { ClientFeature, clientFeatures } from './client-features';
import { editMarkup, Note } from './markup-features';
import type { DeclarationContext } from './note-rule';
import {
  dropsContainer,
  droppersOf,
  dropVerdict,
  featuresMatching,
  verdictFor,
} from './declaration-verdicts';

/** Image types (and `data:` forms) the client does not show; they then fail like missing ones. */
export function unsupportedImageTypes(profile: ClientProfile, family: ClientFamily): Set<string> {
  const types = new Set<string>();
  for (const entry of clientFeatures(profile, family)) {
    if (entry.unsupported) entry.matcher.imageTypes?.forEach((type) => types.add(type));
    for (const note of entry.notes) note.rule.imageTypes?.forEach((type) => types.add(type));
  }
  return types;
}

/**
 * caniemail, for what no specific rule covered: unsupported features are removed, and a
 * partial-support note is applied as what it says (a property not applied on some elements,
 * a value rewritten, a whole block dropped...). A partial note this service cannot emulate
 * is reported as such and the feature kept. What the profile's family carries out itself
 * (its caniemail reading) is left to it.
 */
export function applyCaniemail(p: Preparation): void {
  const features = clientFeatures(p.profile, p.family);
  if (features.length === 0) return;
  const reportedNotEmulated = new Set<ClientFeature>();
  const note: Note = (entry, where, count = 1, number) => {
    const applied = entry.notes.find((candidate) => candidate.number === number);
    const title = applied
      ? `${entry.feature.title}: ${applied.text}`
      : `${entry.feature.title} not supported`;
    p.report.add(
      entry.feature.slug,
      title,
      where,
      entry.source ?? caniemailSource(entry.feature.slug, number ? [number] : []),
      count,
    );
  };
  const found = (entry: ClientFeature, where: string) => {
    if (entry.unsupported || reportedNotEmulated.has(entry) || !entry.notEmulated.length) return;
    reportedNotEmulated.add(entry);
    for (const { number, text } of entry.notEmulated)
      p.report.add(
        entry.feature.slug,
        `${entry.feature.title}: partial support not emulated, kept (${text})`,
        where,
        caniemailSource(entry.feature.slug, [number]),
      );
  };

  const tagsOf = elementTags(p.$);
  editStylesheets(p.$, (root) => {
    // A note that strips the whole block is read before anything else is removed from it.
    if (dropsContainer(root, features, note, 'style block')) return 'drop';
    editAtRules(root, features, note, found);
    editSelectors(root, features, note, found);
    return editDeclarations(root, features, note, found, 'style block', (decl) =>
      decl.parent?.type === 'rule' ? tagsOf(decl.parent as Rule) : null,
    );
  });
  editStyleAttributes(p.$, features, note, found);
  editMarkup(p.$, features, note, found);
  if (features.some((entry) => entry.unsupported && entry.matcher.doctype)) p.keepsDoctype = false;
}

/** Tag names of the elements a style rule matches, or null when they cannot be known. */
function elementTags($: EmailDocument): (rule: Rule) => string[] | null {
  const known = new Map<string, string[] | null>();
  return (rule) => {
    if (!known.has(rule.selector)) {
      let tags: string[] | null;
      try {
        tags = [
          ...new Set(
            $(rule.selector)
              .toArray()
              .map((el) => (el as Element).tagName),
          ),
        ];
      } catch {
        tags = null; // pseudo-classes and the like that the selector engine does not match
      }
      known.set(rule.selector, tags);
    }
    return known.get(rule.selector)!;
  };
}

function editDeclarations(
  root: Root,
  features: ClientFeature[],
  note: Note,
  found: (entry: ClientFeature, where: string) => void,
  where: string,
  tagsOf: (decl: CssDeclaration) => string[] | null,
): 'drop' | undefined {
  let drop = false;
  root.walkDecls((decl) => {
    if (drop) return false;
    let tags: string[] | null | undefined;
    const context: DeclarationContext = {
      property: decl.prop.toLowerCase(),
      value: decl.value,
      important: Boolean(decl.important),
      rawImportant: decl.important ? (decl.raws.important ?? ' !important') : '',
      inline: where === 'style attribute',
      // Matching a rule's selector against the document costs: only notes that need it ask.
      get tags() {
        if (tags === undefined) tags = tagsOf(decl);
        return tags;
      },
    };
    const matching = featuresMatching(features, context);
    // Whatever else matches the declaration, a note that strips the whole block or
    // attribute decides first (css-rgb #3 on Gmail beside box-shadow's removal).
    const dropping = dropVerdict(matching, context, droppersOf(features));
    if (dropping) {
      note(dropping.entry, where, 1, dropping.number);
      return void (drop = true);
    }
    for (const entry of matching) {
      const decided = verdictFor(entry, context);
      if (!decided) {
        found(entry, where);
        continue;
      }
      note(entry, where, 1, decided.number);
      const { verdict } = decided;
      if (verdict.action === 'drop-container') return void (drop = true);
      if (verdict.action === 'remove') return void decl.remove();
      if (verdict.action === 'strip-important') decl.important = false;
      if (verdict.action === 'rewrite') {
        if (verdict.property) decl.prop = verdict.property;
        if (verdict.value !== undefined) decl.value = verdict.value;
        context.property = decl.prop.toLowerCase();
        context.value = decl.value;
      }
    }
  });
  return drop ? 'drop' : undefined;
}

/** A feature found whose partial support is not emulated: reported once where it is. */
type Found = (entry: ClientFeature, where: string) => void;

function editAtRules(root: Root, features: ClientFeature[], note: Note, found: Found): void {
  root.walkAtRules((rule: AtRule) => {
    const name = rule.name.toLowerCase();
    const nested =
      rule.parent?.type === 'atrule' && (rule.parent as AtRule).name.toLowerCase() === name;
    for (const entry of features) {
      if (entry.unsupported && entry.matcher.atRule?.(name, rule.params)) {
        note(entry, `@${name}`);
        return void rule.remove();
      }
      const applied = entry.notes.find((n) => n.rule.atRule?.(name, rule.params, nested));
      if (applied) {
        note(entry, `@${name}`, 1, applied.number);
        return void rule.remove();
      }
      if (entry.matcher.atRule?.(name, rule.params)) found(entry, `@${name}`);
    }
  });
}

function editSelectors(root: Root, features: ClientFeature[], note: Note, found: Found): void {
  const nesting = features.find((entry) => entry.unsupported && entry.matcher.nestedRules);
  const toParent = nesting?.notes.find((applied) => applied.rule.nestedToParent);
  const partly = features.flatMap((entry) =>
    entry.notes.filter((applied) => applied.rule.nestedRule).map((applied) => ({ entry, applied })),
  );
  root.walkRules((rule) => {
    if (nesting && rule.parent?.type === 'rule') {
      note(nesting, 'nested rule', 1, toParent?.number);
      // Yahoo (caniemail css-nesting #3): the selector goes, its declarations stay in the parent.
      if (toParent) return void rule.replaceWith(rule.nodes);
      return void rule.remove();
    }
    const dropped =
      rule.parent?.type === 'rule' &&
      partly.find(({ applied }) => applied.rule.nestedRule!(rule.selector));
    if (dropped) {
      note(dropped.entry, 'nested rule', 1, dropped.applied.number);
      return void rule.remove();
    }
    if (rule.parent?.type === 'atrule' && /keyframes/i.test((rule.parent as AtRule).name)) return;
    const kept = selectorParser((selectors) => {
      selectors.each((selector) => {
        for (const entry of features) {
          if (!entry.matcher.selector?.(selector)) continue;
          const applied = entry.notes.find((n) => n.rule.selector?.(selector));
          if (!entry.unsupported && !applied) {
            found(entry, 'selector');
            continue;
          }
          note(entry, 'selector', 1, applied?.number);
          selector.remove();
          return;
        }
      });
    }).processSync(rule.selector);
    if (kept.trim()) rule.selector = kept;
    else rule.remove();
  });
}

/** A note that drops a style attribute for its text alone (a comment in it, Mail.ru). */
function attributeDrop(
  features: ClientFeature[],
  style: string,
): { entry: ClientFeature; number: string } | undefined {
  for (const entry of features)
    for (const { rule, number } of entry.notes)
      if (rule.styleAttribute?.(style)) return { entry, number };
  return undefined;
}

/**
 * The inline pass, remembered per tag and style text: what a client does to a style attribute
 * depends on nothing else, and emails repeat the same attributes hundreds of times. A
 * remembered result replays its report entries.
 */
function editStyleAttributes(
  $: EmailDocument,
  features: ClientFeature[],
  note: Note,
  found: (entry: ClientFeature, where: string) => void,
): void {
  const known = new Map<string, { css: string | null; replay: (() => void)[] }>();
  $('[style]').each((_i, el) => {
    const element = el as Element;
    const style = element.attribs.style ?? '';
    const tag = element.tagName.toLowerCase();
    const key = `${tag}\u0000${style}`;
    let result = known.get(key);
    if (!result) {
      const replay: (() => void)[] = [];
      const recordNote: Note = (...args) => replay.push(() => note(...args));
      const recordFound = (entry: ClientFeature, where: string) =>
        replay.push(() => found(entry, where));
      const dropping = attributeDrop(features, style);
      const root = dropping ? null : parseInlineStyle(style);
      let css: string | null = dropping ? null : style;
      if (dropping) recordNote(dropping.entry, 'style attribute', 1, dropping.number);
      if (root) {
        const verdict = editDeclarations(
          root,
          features,
          recordNote,
          recordFound,
          'style attribute',
          () => [tag],
        );
        css = verdict === 'drop' ? null : serializeInlineStyle(root);
      }
      result = { css, replay };
      known.set(key, result);
    }
    result.replay.forEach((call) => call());
    if (result.css === null || !result.css.trim()) $(element).removeAttr('style');
    else if (result.css !== style) $(element).attr('style', result.css);
  });
}
