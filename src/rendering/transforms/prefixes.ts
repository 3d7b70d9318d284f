import selectorParser from 'postcss-selector-parser';
import { editInlineStyles, editStylesheets } from './css-walker';
import type { EmailDocument } from './email-document';
import type { RenderReport } from './render-report';

function prefixAttributes($: EmailDocument, prefix: string): void {
  $('[class]').each((_i, el) => {
    const classes = ($(el).attr('class') ?? '').split(/\s+/).filter(Boolean);
    $(el).attr('class', classes.map((name) => prefix + name).join(' '));
  });
  $('[id]').each((_i, el) => void $(el).attr('id', prefix + $(el).attr('id')));
}

function prefixSelector(
  selector: import('postcss-selector-parser').Selector,
  prefix: string,
): void {
  selector.walkClasses((node) => void (node.value = prefix + node.value));
  selector.walkIds((node) => void (node.value = prefix + node.value));
}

/**
 * Outlook.com prefixes class and id names with `x_`, in the HTML and in style blocks; in a
 * selector list only the first selector is rewritten, so the others stop matching.
 */
export function applyOutlookComPrefixes($: EmailDocument, report: RenderReport): void {
  prefixAttributes($, 'x_');
  editStylesheets($, (root) =>
    root.walkRules((rule) => {
      rule.selector = selectorParser((selectors) => {
        selectors.each((selector, index) => {
          if (index === 0) prefixSelector(selector, 'x_');
          else
            report.add(
              'rule:outlook-com',
              'Only the first selector of a list keeps matching',
              'selector',
            );
        });
      }).processSync(rule.selector);
    }),
  );
  report.add('rule:outlook-com', 'Class and id names prefixed with x_', 'class/id');
}

export const YAHOO_ID = 'yiv0123456789';

/**
 * Yahoo and AOL prefix class and id names with `yiv<number>`, scope style blocks under
 * the message container, and turn `height` into `min-height`.
 */
export function applyYahooRules($: EmailDocument, report: RenderReport): void {
  prefixAttributes($, YAHOO_ID);
  const heightToMin = (root: import('postcss').Root) =>
    root.walkDecls(/^height$/i, (decl) => {
      decl.prop = 'min-height';
      report.add(
        'rule:yahoo',
        'height becomes min-height',
        decl.parent?.type === 'rule' ? 'style' : 'style attribute',
      );
    });
  editStylesheets($, (root) => {
    root.walkRules((rule) => {
      if (
        rule.parent?.type === 'atrule' &&
        /keyframes/i.test((rule.parent as import('postcss').AtRule).name)
      )
        return;
      rule.selector = selectorParser((selectors) => {
        selectors.each((selector) => {
          prefixSelector(selector, YAHOO_ID);
          selector.walkTags((tag) => {
            if (/^(html|body)$/i.test(tag.value))
              tag.replaceWith(selectorParser.id({ value: YAHOO_ID }));
          });
          if (
            !selector.first ||
            selector.first.type !== 'id' ||
            selector.first.value !== YAHOO_ID
          ) {
            selector.prepend(selectorParser.combinator({ value: ' ' }));
            selector.prepend(selectorParser.id({ value: YAHOO_ID }));
          }
        });
      }).processSync(rule.selector);
    });
    heightToMin(root);
  });
  editInlineStyles($, heightToMin);
  const body = $('body');
  const container = $(`<div id="${YAHOO_ID}"></div>`);
  container.append(body.contents());
  body.append(container);
  report.add('rule:yahoo', 'Class and id names prefixed with yiv', 'class/id');
}
