import type { AtRule, Root } from 'postcss';
import selectorParser from 'postcss-selector-parser';
import { bodyBecomesClassedDiv, bodyToDiv } from './body-to-div';
import { editInlineStyles, editStylesheets } from './css-walker';
import type { EmailDocument } from './email-document';
import { filterAttributeCompounds, prefixFirstOfEachCompound } from './outlook-com/selectors';
import type { RenderReport } from './render-report';
import { cutAtMediaQueryList } from './yahoo/media-query-list';

function prefixAttributes($: EmailDocument, prefix: string): void {
  $('[class]').each((_i, el) => {
    const classes = ($(el).attr('class') ?? '').split(/\s+/).filter(Boolean);
    $(el).attr('class', classes.map((name) => prefix + name).join(' '));
  });
  $('[id]').each((_i, el) => void $(el).attr('id', prefix + $(el).attr('id')));
}

const inKeyframes = (rule: { parent?: unknown }) => {
  const parent = rule.parent as AtRule | undefined;
  return parent?.type === 'atrule' && /keyframes$/i.test(parent.name);
};

export const OUTLOOK_COM_BODY_CLASS = 'ip-outlook-body';

/**
 * Attributes of `<body>` that Outlook.com keeps on the div it turns the body into
 * (hteumeuleu/caniemail#212). Its inline style is stripped: a body background set there
 * does not show (resend/react-email#662, #1946), while `body` rules in a style block do,
 * on the div (email-bugs#88: `body` becomes `.rps_xxxx > div`).
 */
const OUTLOOK_COM_BODY_KEPT = ['alink', 'background', 'link', 'vlink', 'text', 'class', 'id'];

/**
 * Outlook.com and the new Outlook: class and id names prefixed with `x_` in the HTML and in
 * style blocks, only the first of a chain of classes (email-bugs#61), attribute-only
 * ancestors filtered (email-bugs#38), and the body turned into a div (email-bugs#88).
 */
export function applyOutlookComPrefixes($: EmailDocument, report: RenderReport): void {
  prefixAttributes($, 'x_');
  let chains = 0;
  let filtered = 0;
  editStylesheets($, (root) =>
    root.walkRules((rule) => {
      if (inKeyframes(rule)) return;
      rule.selector = selectorParser((selectors) => {
        selectors.each((selector) => {
          if (filterAttributeCompounds(selector)) filtered++;
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
  if (filtered)
    report.add(
      'rule:outlook-com',
      'Attribute selectors before a combinator are filtered out ([owa] .foo becomes .foo)',
      'selector',
      'email-bugs#38',
      filtered,
    );
  bodyBecomesClassedDiv(
    $,
    OUTLOOK_COM_BODY_CLASS,
    OUTLOOK_COM_BODY_KEPT,
    report,
    'rule:outlook-com',
    'caniemail html-body #1; email-bugs#88; resend/react-email#1946',
  );
}

export const YAHOO_ID = 'yiv0123456789';

function scopeUnderYahooContainer(root: Root): void {
  root.walkRules((rule) => {
    if (inKeyframes(rule)) return;
    rule.selector = selectorParser((selectors) => {
      selectors.each((selector) => {
        selector.walkClasses((node) => void (node.value = YAHOO_ID + node.value));
        selector.walkIds((node) => void (node.value = YAHOO_ID + node.value));
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
export function applyYahooRules($: EmailDocument, report: RenderReport): void {
  prefixAttributes($, YAHOO_ID);
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
