import { Element, isTag, isText } from 'domhandler';
import type { AnyNode, Text } from 'domhandler';
import type { HtmlCheckFinding } from './html-check-ids';
import { SOURCES } from './check-sources';
import { elementPath } from './element-path';
import type { HtmlDocument } from './html-document';
import { excerpt, normalizeText } from './text-content';
import { isHidden } from './visibility';

/** How much of the body's first text the preheader-missing message quotes. */
const QUOTED_CHARACTERS = 60;

/** Elements whose text is never shown, nor taken for the preview. */
const TEXTLESS = new Set(['script', 'style', 'template', 'title', 'head', 'noscript']);

/** Class or id naming the preview text, as templates name it. */
const PREHEADER_NAME = /preheader|preview/i;

/**
 * preheader-visible and preheader-missing. Inboxes show, under the subject, the first text of
 * the body (Litmus, The Ultimate Guide to Preview Text). A preheader is text placed first and
 * hidden from the body so it controls that preview without being read twice.
 *
 * - the first text of the body is hidden: that is the preheader, nothing to say;
 * - an element named preheader/preview shows its text: preheader-visible (it was meant to be
 *   hidden; this replaces preheader-missing, whose fix would be the same);
 * - otherwise the first text is visible: preheader-missing, quoting what the inbox will show.
 */
export function preheaderCheck(doc: HtmlDocument): HtmlCheckFinding[] {
  const texts = bodyTexts(doc);
  const first = texts[0];
  if (first && isHidden(doc, first)) return [];
  const visiblePreheader = namedPreheaders(doc).find((el) =>
    texts.some((text) => contains(el, text) && !isHidden(doc, text)),
  );
  if (visiblePreheader)
    return [
      {
        id: 'preheader-visible',
        severity: 'warning',
        message:
          `The preheader "${excerpt(normalizeText(doc.$(visiblePreheader).text()))}" is visible: ` +
          'it shows at the top of the body as well as in the inbox. Hide it (display:none with ' +
          'max-height:0, overflow:hidden and mso-hide:all).',
        source: SOURCES.previewText,
        element: elementPath(visiblePreheader),
      },
    ];
  if (!first) return []; // no text at all: nothing the inbox could show either way
  return [
    {
      id: 'preheader-missing',
      severity: 'info',
      message:
        'The email has no preheader: the inbox will show the first visible text instead, ' +
        `"${firstVisibleText(doc, texts)}". Add hidden preview text at the top of the body.`,
      source: SOURCES.previewText,
      element: elementPath(first.parent as Element),
    },
  ];
}

/** The body's text nodes that carry text, in document order (iterative: emails nest deep). */
function bodyTexts(doc: HtmlDocument): Text[] {
  const body = doc.$('body')[0];
  if (!body) return [];
  const found: Text[] = [];
  const stack: AnyNode[] = [...body.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isText(node)) {
      if (normalizeText(node.data)) found.push(node);
    } else if (isTag(node) && !TEXTLESS.has(node.name)) {
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
    }
  }
  return found;
}

function namedPreheaders({ $ }: HtmlDocument): Element[] {
  return $('body [class], body [id]')
    .toArray()
    .filter(
      (el) =>
        PREHEADER_NAME.test(el.attribs.class ?? '') || PREHEADER_NAME.test(el.attribs.id ?? ''),
    );
}

function contains(ancestor: Element, node: AnyNode): boolean {
  for (let parent = node.parent; parent; parent = parent.parent)
    if (parent === ancestor) return true;
  return false;
}

/** The visible text from the first visible node on, as much as the message quotes. */
function firstVisibleText(doc: HtmlDocument, texts: Text[]): string {
  let shown = '';
  for (const text of texts) {
    if (isHidden(doc, text)) continue;
    shown = normalizeText(`${shown} ${text.data}`);
    if (shown.length > QUOTED_CHARACTERS) break;
  }
  return excerpt(shown, QUOTED_CHARACTERS);
}
