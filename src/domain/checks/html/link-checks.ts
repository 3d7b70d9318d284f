import type { Element } from 'domhandler';
import type { HtmlCheckFinding } from './html-check-ids';
import { accessibleName } from './accessible-name';
import { SOURCES } from './check-sources';
import { elementPath } from './element-path';
import type { HtmlDocument } from './html-document';
import { judgeHref } from './link-href';
import { excerpt } from './text-content';

/**
 * Link texts that say nothing about where the link goes once read out of context (a screen
 * reader's list of links), compared after lower-casing and dropping punctuation and symbols.
 */
export const VAGUE_LINK_TEXTS: ReadonlySet<string> = new Set([
  'click',
  'click here',
  'click this link',
  'continue',
  'details',
  'find out more',
  'go',
  'go here',
  'here',
  'info',
  'learn more',
  'link',
  'more',
  'more details',
  'more info',
  'read more',
  'see more',
  'this',
  'this link',
  'view more',
]);

/**
 * link-text, link-empty, link-malformed and link-insecure, for every `<a>`. A link gets at most
 * one link-empty finding: when it has neither a destination nor a name, the missing name (an
 * error) is what it reports.
 */
export function linkChecks(doc: HtmlDocument): HtmlCheckFinding[] {
  const { $ } = doc;
  const findings: HtmlCheckFinding[] = [];
  const targets = fragmentTargets(doc);
  for (const el of $('a').toArray()) {
    const href = el.attribs.href;
    const name = accessibleName($, el);
    if (href === undefined) {
      findings.push(...placeholderLink(doc, el, name));
      continue;
    }
    const verdict = judgeHref(href, (fragment) => targets.has(fragment));
    if (!name) {
      findings.push({
        id: 'link-empty',
        severity: 'error',
        message:
          'A link has no text, image alt text or aria-label: a screen reader announces only "link" ' +
          '(or reads out its address), and nobody can tell where it goes.',
        source: SOURCES.linkName,
        element: elementPath(el),
      });
    } else if (verdict.kind === 'empty') {
      findings.push({
        id: 'link-empty',
        severity: 'warning',
        message: `The link "${excerpt(name)}" goes nowhere: ${verdict.reason}.`,
        source: SOURCES.anchorElement,
        element: elementPath(el),
      });
    }
    if (name && VAGUE_LINK_TEXTS.has(comparable(name))) {
      findings.push({
        id: 'link-text',
        severity: 'warning',
        message:
          `The link text "${excerpt(name)}" does not say where the link goes; readers who list ` +
          'links, as screen reader users do, hear it out of context. Describe the destination.',
        source: SOURCES.linkPurpose,
        element: elementPath(el),
      });
    }
    if (verdict.kind === 'malformed') {
      findings.push({
        id: 'link-malformed',
        severity: 'error',
        message: `The link "${excerpt(href.trim(), 80)}" is malformed: ${verdict.reason}.`,
        source: SOURCES.urlStandard,
        element: elementPath(el),
      });
    } else if (verdict.kind === 'insecure') {
      findings.push({
        id: 'link-insecure',
        severity: 'warning',
        message:
          `The link "${excerpt(href.trim(), 80)}" uses http: it travels unencrypted, can be ` +
          'tampered with on the way, and browsers mark the page it opens as "Not secure". Use https.',
        source: SOURCES.securingTheWeb,
        element: elementPath(el),
      });
    }
  }
  return findings;
}

/**
 * An `<a>` without href is not a link but a placeholder (HTML standard). One with content looks
 * like a link that does nothing when clicked; an empty one is a fragment target (`<a name>`,
 * `<a id>`), as old emails mark sections, and is left alone.
 */
function placeholderLink(doc: HtmlDocument, el: Element, name: string): HtmlCheckFinding[] {
  const hasContent = name !== '' || doc.$(el).find('img').length > 0;
  if (!hasContent) return [];
  return [
    {
      id: 'link-empty',
      severity: 'warning',
      message: `The link "${excerpt(name || 'image')}" has no href: it looks like a link but does nothing when clicked.`,
      source: SOURCES.anchorElement,
      element: elementPath(el),
    },
  ];
}

/** The ids and `<a name>`s a `#fragment` link can scroll to. */
function fragmentTargets({ $ }: HtmlDocument): Set<string> {
  const targets = new Set<string>();
  for (const el of $('[id], a[name]').toArray()) {
    if (el.attribs.id) targets.add(el.attribs.id);
    if (el.name === 'a' && el.attribs.name) targets.add(el.attribs.name);
  }
  return targets;
}

/** Lower-cased, punctuation and symbols (arrows, chevrons) dropped, spaces collapsed. */
function comparable(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\p{P}\p{S}]+/gu, ' ')
    .trim()
    .replace(/\s+/g, ' ');
}
