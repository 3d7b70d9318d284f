import type { Root } from 'postcss';
import selectorParser from 'postcss-selector-parser';
import { editInlineStyles, editStylesheets } from '../../model/css-walker';
import type { Preparation } from '../../model/client-family';
import { bodyToDiv } from '../../stages/webmail/body-to-div';
import { inKeyframes, prefixClassesAndIds } from '../../stages/webmail/class-prefix';
import { cutAtMediaQueryList, cutAtSemicolonInAttribute } from './style-block-cuts';

export const YAHOO_ID = 'yiv0123456789';

function scopeUnderYahooContainer(root: Root): void {
  root.walkRules((rule) => {
    if (inKeyframes(rule)) return;
    rule.selector = selectorParser((selectors) => {
      selectors.each((selector) => {
        selector.walkClasses((node) => void (node.value = YAHOO_ID + node.value));
        selector.walkIds((node) => void (node.value = YAHOO_ID + node.value));
        // An exact match on a class or id is prefixed with the names it matches: caniemail's
        // own test draws `td[class="test3"]` green in Yahoo (css-selector-attribute #4, which
        // the caniemail stage reads for the other syntaxes).
        selector.walkAttributes((node) => {
          if (node.operator === '=' && /^(class|id)$/i.test(node.attribute) && node.value)
            node.setValue(YAHOO_ID + node.value, { quoteMark: node.quoteMark });
        });
        // Every selector is put under the message container, `body` and `html` included:
        // `#yiv… body` matches nothing, so body rules do not apply (email-bugs#25, the
        // filtered CSS quoted there).
        const spaceBefore = selector.first?.spaces.before ?? '';
        if (selector.first) selector.first.spaces.before = '';
        selector.prepend(selectorParser.combinator({ value: ' ' }));
        selector.prepend(selectorParser.id({ value: YAHOO_ID }));
        selector.first.spaces.before = spaceBefore;
      });
    }).processSync(rule.selector);
  });
}

/**
 * Yahoo and AOL: class and id names prefixed with `yiv<number>`, style blocks scoped under
 * the message container (body and html rules then match nothing), a media query list
 * cutting the rest of its block, `height` turned into `min-height`, and the body turned
 * into the container div without any of its attributes.
 */
export function applyYahooRules(p: Preparation): void {
  const { $, report } = p;
  prefixClassesAndIds($, YAHOO_ID);
  let heights = 0;
  // email-bugs#9; caniemail css-height #1: "Replaces `height` by `min-height`".
  const heightToMin = (root: Root) =>
    root.walkDecls(/^height$/i, (decl) => {
      decl.prop = 'min-height';
      heights++;
    });
  let bodyRules = 0;
  editStylesheets($, (root) => {
    const cut = cutAtMediaQueryList(root);
    if (cut)
      report.add(
        'rule:yahoo',
        'A media query list (a comma) cuts the rest of its style block',
        'style block',
        'email-bugs#149',
        cut,
      );
    const broken = cutAtSemicolonInAttribute(root);
    if (broken)
      report.add(
        'rule:yahoo',
        'An attribute selector with a semicolon in its value breaks the rest of its style block',
        'style block',
        'email-bugs#74',
        broken,
      );
    root.walkRules((rule) => void (/\b(body|html)\b/i.test(rule.selector) && bodyRules++));
    scopeUnderYahooContainer(root);
    heightToMin(root);
  });
  editInlineStyles($, heightToMin);
  if (heights)
    report.add(
      'rule:yahoo',
      'height becomes min-height',
      'style',
      'email-bugs#9; caniemail css-height #1',
      heights,
    );
  if (bodyRules)
    report.add(
      'rule:yahoo',
      'body and html rules are scoped under the message container and match nothing',
      'selector',
      'email-bugs#25',
      bodyRules,
    );
  const dropped = bodyToDiv($, { id: YAHOO_ID }, []);
  report.add(
    'rule:yahoo',
    dropped.length
      ? `The body becomes the message container; its ${dropped.join(', ')} dropped`
      : 'The body becomes the message container',
    '<body>',
    'caniemail html-body #1; resend/react-email#2325; mjmlio/mjml#167',
  );
  report.add(
    'rule:yahoo',
    'Class and id names prefixed with yiv',
    'class/id',
    'email-bugs#25; email-bugs#49',
  );
}
