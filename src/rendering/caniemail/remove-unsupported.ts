import type { Element } from 'domhandler';
import type { Root } from 'postcss';
import selectorParser from 'postcss-selector-parser';
import type { CaniemailKey } from '../catalog/client-profile';
import { editInlineStyles, editStylesheets } from '../transforms/css-walker';
import type { EmailDocument } from '../transforms/email-document';
import type { RenderReport } from '../transforms/render-report';
import { FeatureMatcher, matcherFor } from './feature-matchers';
import { CaniemailFeature, unsupportedFeatures } from './support-table';

interface ActiveFeature {
  feature: CaniemailFeature;
  matcher: FeatureMatcher;
}

const activeCache = new Map<string, ActiveFeature[]>();

/** The unsupported features of a client that this service knows how to remove. */
export function activeFeatures(key: CaniemailKey): ActiveFeature[] {
  const cacheKey = JSON.stringify(key);
  let active = activeCache.get(cacheKey);
  if (!active) {
    active = unsupportedFeatures(key)
      .map((feature) => ({ feature, matcher: matcherFor(feature) }))
      .filter((entry): entry is ActiveFeature => entry.matcher !== null);
    activeCache.set(cacheKey, active);
  }
  return active;
}

/**
 * Removes from the email what caniemail says the client does not support: declarations,
 * at-rules, selectors, elements and attributes. Returns the content types of images the
 * client cannot show (they are then treated as not loading).
 */
export function removeUnsupported(
  $: EmailDocument,
  key: CaniemailKey,
  report: RenderReport,
): Set<string> {
  const active = activeFeatures(key);
  const note = (entry: ActiveFeature, where: string, count = 1) =>
    report.add(entry.feature.slug, entry.feature.title, where, count);

  editStylesheets($, (root) => {
    editRules(root, active, note);
    editDeclarations(root, active, note, 'style block');
  });
  editInlineStyles($, (root) => editDeclarations(root, active, note, 'style attribute'));

  const blockedImageTypes = new Set<string>();
  for (const entry of active) {
    const { elements, attributes, doctype, imageTypes } = entry.matcher;
    if (elements) {
      const found = $(elements.selector);
      found.each((_i, element) => applyElementAction($, element as Element, elements.action));
      if (found.length) note(entry, `<${elements.selector}>`, found.length);
    }
    if (attributes) {
      const found = $(attributes.selector);
      found.each(
        (_i, element) => void attributes.names.forEach((name) => $(element).removeAttr(name)),
      );
      if (found.length) note(entry, `${attributes.names.join(', ')} attribute`, found.length);
    }
    if (doctype) note(entry, 'doctype');
    imageTypes?.forEach((type) => blockedImageTypes.add(type));
  }
  return blockedImageTypes;
}

/** Whether the client drops the doctype (the email then renders in quirks mode). */
export function dropsDoctype(key: CaniemailKey): boolean {
  return activeFeatures(key).some((entry) => entry.matcher.doctype);
}

type Note = (entry: ActiveFeature, where: string, count?: number) => void;

function editRules(root: Root, active: ActiveFeature[], note: Note): void {
  root.walkAtRules((rule) => {
    const entry = active.find((candidate) => candidate.matcher.atRule?.(rule.name, rule.params));
    if (entry) {
      note(entry, `@${rule.name}`);
      rule.remove();
    }
  });
  const selectorFeatures = active.filter((entry) => entry.matcher.selector);
  const nesting = active.find((entry) => entry.matcher.nestedRules);
  root.walkRules((rule) => {
    if (nesting && rule.parent?.type === 'rule') {
      note(nesting, 'nested rule');
      rule.remove();
      return;
    }
    if (
      selectorFeatures.length === 0 ||
      (rule.parent?.type === 'atrule' && /keyframes/i.test(rule.parent.name))
    ) {
      return;
    }
    const kept = selectorParser((selectors) => {
      selectors.each((selector) => {
        const entry = selectorFeatures.find((candidate) => candidate.matcher.selector!(selector));
        if (!entry) return;
        note(entry, 'selector');
        selector.remove();
      });
    }).processSync(rule.selector);
    if (kept.trim()) rule.selector = kept;
    else rule.remove();
  });
}

function editDeclarations(root: Root, active: ActiveFeature[], note: Note, where: string): void {
  const declarationFeatures = active.filter((entry) => entry.matcher.declaration);
  if (declarationFeatures.length === 0) return;
  root.walkDecls((decl) => {
    for (const entry of declarationFeatures) {
      const verdict = entry.matcher.declaration!({
        property: decl.prop.toLowerCase(),
        value: decl.value,
        important: Boolean(decl.important),
      });
      if (verdict === 'remove') {
        note(entry, where);
        decl.remove();
        return;
      }
      if (verdict === 'strip-important') {
        note(entry, where);
        decl.important = false;
      }
    }
  });
}

function applyElementAction(
  $: EmailDocument,
  element: Element,
  action: NonNullable<FeatureMatcher['elements']>['action'],
): void {
  const node = $(element);
  if (action === 'remove') node.remove();
  else if (action === 'unwrap') {
    node.find('source, track').remove();
    node.replaceWith(node.contents());
  } else {
    element.tagName = action === 'rename-div' ? 'div' : 'span';
  }
}
