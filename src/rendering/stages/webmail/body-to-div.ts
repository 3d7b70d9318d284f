import type { Root } from 'postcss';
import selectorParser from 'postcss-selector-parser';
import { editStylesheets } from '../../model/css-walker';
import type { EmailDocument } from '../../model/email-document';
import type { RenderReport } from '../../model/render-report';
import { inKeyframes } from './class-prefix';

/** caniemail's note for what bodyToDiv does (html-body): families that use it claim it. */
export const BODY_BECOMES_DIV_NOTE = /Replaced by a `<div>` with supported attributes/;

/** The body attributes Outlook.com keeps on its div (hteumeuleu/caniemail#212). */
export const OUTLOOK_BODY_KEPT = ['alink', 'background', 'link', 'vlink', 'text', 'class', 'id'];

/**
 * Webmails show an email inside their own page, so its `<body>` becomes a `<div>` that keeps
 * only some of the body's attributes (caniemail html-body #1; the attribute lists each
 * client keeps are in hteumeuleu/caniemail#212). A div ignores `bgcolor`, `text` and `link`,
 * and its background covers its own box only, not the whole reading pane.
 *
 * Moves the body's content into `<div {attributes}>`, keeps the listed body attributes on it
 * and removes every attribute from the body. Returns the names of the attributes dropped.
 */
export function bodyToDiv(
  $: EmailDocument,
  attributes: Record<string, string>,
  keep: readonly string[],
): string[] {
  const body = $('body');
  const div = $('<div></div>');
  const dropped: string[] = [];
  for (const [name, value] of Object.entries(body.attr() ?? {})) {
    if (keep.includes(name.toLowerCase())) div.attr(name, value);
    else dropped.push(name);
    body.removeAttr(name);
  }
  for (const [name, value] of Object.entries(attributes)) {
    div.attr(name, name === 'class' && div.attr('class') ? `${value} ${div.attr('class')}` : value);
  }
  div.append(body.contents());
  body.append(div);
  return dropped;
}

/** Points `body` type selectors at the div that replaced the body (its class). */
export function retargetBodySelectors(root: Root, className: string): number {
  let count = 0;
  root.walkRules((rule) => {
    if (inKeyframes(rule)) return;
    rule.selector = selectorParser((selectors) =>
      selectors.walkTags((tag) => {
        if (tag.value.toLowerCase() !== 'body') return;
        tag.replaceWith(selectorParser.className({ value: className }));
        count++;
      }),
    ).processSync(rule.selector);
  });
  return count;
}

/**
 * A webmail's whole body rewrite: `body` rules retargeted at the div, the body turned into a
 * div of `className` keeping `keep`, reported under `slug` with the client's `source`.
 */
export function bodyBecomesClassedDiv(
  $: EmailDocument,
  className: string,
  keep: readonly string[],
  report: RenderReport,
  slug: string,
  source: string,
): void {
  editStylesheets($, (root) => void retargetBodySelectors(root, className));
  const dropped = bodyToDiv($, { class: className }, keep);
  report.add(
    slug,
    dropped.length
      ? `The body becomes a div; its ${dropped.join(', ')} dropped`
      : 'The body becomes a div',
    '<body>',
    source,
  );
}
