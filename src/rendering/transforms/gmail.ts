import postcss from 'postcss';
import selectorParser from 'postcss-selector-parser';
import { editStylesheets } from './css-walker';
import { EmailDocument, parseEmail } from './email-document';
import type { RenderReport } from './render-report';

export const GMAIL_STYLE_LIMIT = 16 * 1024;
export const GMAIL_CLIP_BYTES = 102 * 1024;
export const GMAIL_BODY_CLASS = 'ip-gmail-body';
export const CLIP_NOTICE = '[Message clipped]  View entire message';

/**
 * Gmail's sanitizer: style blocks only in the head, each dropped whole when it does not
 * parse, style content past 16 KB dropped, and the body turned into a div (body
 * selectors follow it). Non-Google-account app variants keep inline styles only.
 */
export function applyGmailStyles(
  $: EmailDocument,
  inlineOnly: boolean,
  report: RenderReport,
): void {
  if (inlineOnly) {
    const styles = $('style');
    if (styles.length)
      report.add(
        'rule:gmail',
        'Non-Google accounts keep inline styles only',
        '<style>',
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
      outsideHead.length,
    );
  outsideHead.remove();

  let total = 0;
  $('head style').each((_i, element) => {
    const css = $(element).text();
    try {
      postcss.parse(css);
    } catch {
      report.add('rule:gmail', 'A style block with a CSS error is dropped whole', '<style>');
      return void $(element).remove();
    }
    total += Buffer.byteLength(css);
    if (total > GMAIL_STYLE_LIMIT) {
      report.add('rule:gmail', 'Style content past 16 KB is dropped', '<style>');
      $(element).remove();
    }
  });

  editStylesheets($, (root) =>
    root.walkRules((rule) => {
      rule.selector = selectorParser((selectors) =>
        selectors.walkTags((tag) => {
          if (tag.value.toLowerCase() === 'body')
            tag.replaceWith(selectorParser.className({ value: GMAIL_BODY_CLASS }));
        }),
      ).processSync(rule.selector);
    }),
  );
  const body = $('body');
  const wrapper = $(`<div class="${GMAIL_BODY_CLASS}"></div>`);
  wrapper.append(body.contents());
  for (const name of Object.keys(body.attr() ?? {})) body.removeAttr(name);
  body.append(wrapper);
  report.add('rule:gmail', 'The body becomes a div', '<body>');
}

/** Gmail clips a message whose HTML is over 102 KB and shows a link to the rest. */
export function clipLongMessage($: EmailDocument, report: RenderReport): EmailDocument {
  const html = $.html();
  const bytes = Buffer.from(html);
  if (bytes.length <= GMAIL_CLIP_BYTES) return $;
  const clipped = parseEmail(
    bytes
      .subarray(0, GMAIL_CLIP_BYTES)
      .toString('utf8')
      .replace(/\uFFFD$/, ''),
  );
  const notice = clipped('<div class="ip-gmail-clip"></div>');
  notice.append(clipped('<span></span>').text('[Message clipped]  '));
  notice.append(clipped('<a href="#"></a>').text('View entire message'));
  clipped('body').append(notice);
  report.add(
    'rule:gmail',
    `Messages over 102 KB are clipped (${Math.round(bytes.length / 1024)} KB)`,
    'message',
  );
  return clipped;
}
