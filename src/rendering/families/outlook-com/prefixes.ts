import selectorParser from 'postcss-selector-parser';
import { editStylesheets } from '../../model/css-walker';
import type { Preparation } from '../../model/client-family';
import { bodyBecomesClassedDiv, OUTLOOK_BODY_KEPT } from '../../stages/webmail/body-to-div';
import { inKeyframes, prefixClassesAndIds } from '../../stages/webmail/class-prefix';
import { prefixFirstOfEachCompound } from './selectors';

export const OUTLOOK_COM_BODY_CLASS = 'ip-outlook-body';

/**
 * Attributes of `<body>` that Outlook.com keeps on the div it turns the body into
 * (hteumeuleu/caniemail#212). Its inline style is stripped: a body background set there
 * does not show (resend/react-email#662, #1946), while `body` rules in a style block do,
 * on the div (email-bugs#88: `body` becomes `.rps_xxxx > div`).
 */
/**
 * Outlook.com and the new Outlook: class and id names prefixed with `x_` in the HTML and in
 * style blocks, only the first of a chain of classes (email-bugs#61), and the body turned into
 * a div (email-bugs#88). Attribute selectors are kept as written: caniemail's retests
 * (css-selector-attribute, 2020-12 and 2024-01, notes #1 and #3) find an attribute-only compound
 * working (`[data-ogsc] .foo`), superseding email-bugs#38 (2018: `[owa] .foo` became `.foo`).
 */
export function applyOutlookComPrefixes(p: Preparation): void {
  const { $, report } = p;
  prefixClassesAndIds($, 'x_');
  let chains = 0;
  editStylesheets($, (root) =>
    root.walkRules((rule) => {
      if (inKeyframes(rule)) return;
      rule.selector = selectorParser((selectors) => {
        selectors.each((selector) => {
          if (prefixFirstOfEachCompound(selector, 'x_')) chains++;
        });
      }).processSync(rule.selector);
    }),
  );
  report.add(
    'rule:outlook-com',
    'Class and id names prefixed with x_',
    'class/id',
    'caniemail css-selector-chaining #4; email-bugs#61',
  );
  if (chains)
    report.add(
      'rule:outlook-com',
      'Only the first class of a chain is prefixed: the selector no longer matches',
      'selector',
      'email-bugs#61; caniemail css-selector-chaining #4',
      chains,
    );
  bodyBecomesClassedDiv(
    $,
    OUTLOOK_COM_BODY_CLASS,
    OUTLOOK_BODY_KEPT,
    report,
    'rule:outlook-com',
    'caniemail html-body #1; email-bugs#88; resend/react-email#1946',
  );
}
