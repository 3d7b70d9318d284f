import { editStylesheets } from '../../model/css-walker';
import type { Preparation } from '../../model/client-family';
import { bodyBecomesClassedDiv } from '../../stages/webmail/body-to-div';
import { STYLE_BUDGET_SOURCE, whyGmailDropsBlock, withinStyleBudget } from './style-blocks';

/** The option of Gmail's apps reading a non-Google account (IMAP): inline styles only. */
export const NON_GOOGLE_ACCOUNT = 'gmail-non-google-account';
export const GMAIL_BODY_CLASS = 'ip-gmail-body';

/**
 * Attributes of `<body>` that Gmail keeps on the div it turns the body into (the caniemail
 * html-body test, hteumeuleu/caniemail#212). `style` is not among them: a background set on
 * the body does not show in Gmail, which is why Cerberus repeats it on a `<center>` wrapper
 * "for Gmail". A div ignores bgcolor, text and link, so those colours do not show either.
 */
const BODY_ATTRIBUTES_KEPT = [
  'alink',
  'background',
  'bgcolor',
  'link',
  'text',
  'vlink',
  'class',
  'id',
  'title',
  'dir',
  'lang',
];

/**
 * Gmail's sanitizer: style blocks only in the head, a block dropped whole when Gmail does
 * not understand all of it, style content past 16 KB dropped, and the body turned into a
 * div (body selectors follow it). Non-Google-account app variants keep inline styles only.
 */
export function applyGmailStyles(p: Preparation): void {
  const { $, report } = p;
  if (p.has(NON_GOOGLE_ACCOUNT)) {
    const styles = $('style');
    if (styles.length)
      report.add(
        'rule:gmail',
        'Non-Google accounts keep inline styles only',
        '<style>',
        'caniemail html-style #2',
        styles.length,
      );
    styles.remove();
  }
  const outsideHead = $('body style');
  if (outsideHead.length)
    report.add(
      'rule:gmail',
      'Style blocks outside the head are removed',
      '<style>',
      'caniemail html-style #1',
      outsideHead.length,
    );
  outsideHead.remove();

  const understood = $('head style')
    .toArray()
    .filter((element) => {
      const verdict = whyGmailDropsBlock($(element).text());
      if (!verdict) return true;
      report.add('rule:gmail', verdict.title, '<style>', verdict.source);
      $(element).remove();
      return false;
    });
  const kept = withinStyleBudget(understood.map((element) => $(element).text()));
  understood.forEach((element, index) => {
    if (kept[index]) return;
    report.add('rule:gmail', 'Style content past 16 KB is dropped', '<style>', STYLE_BUDGET_SOURCE);
    $(element).remove();
  });

  bodyBecomesClassedDiv(
    $,
    GMAIL_BODY_CLASS,
    BODY_ATTRIBUTES_KEPT,
    report,
    'rule:gmail',
    'caniemail html-body #1; hteumeuleu/caniemail#212',
  );
}

/**
 * With images off ("Ask before displaying external images"), Gmail removes `!important` from
 * the email's style blocks, so inline styles win again (email-bugs#70).
 */
export function stripImportantWhileImagesOff(p: Preparation): void {
  if (p.options.images !== 'blocked') return;
  let count = 0;
  editStylesheets(p.$, (root) =>
    root.walkDecls((decl) => {
      if (!decl.important) return;
      decl.important = false;
      count++;
    }),
  );
  if (count)
    p.report.add(
      'rule:gmail',
      '!important removed from style blocks while images are off',
      'style block',
      'email-bugs#70',
      count,
    );
}
