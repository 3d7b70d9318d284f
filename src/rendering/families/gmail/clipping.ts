import { parseEmail } from '../../model/email-document';
import type { Preparation } from '../../model/client-family';
import { StageMemo } from '../../model/preparation';

export const GMAIL_CLIP_BYTES = 102 * 1024;
/** The size Gmail measures, as this stage measured it: the pre-send checks read it. */
export const GMAIL_MESSAGE_BYTES = new StageMemo<number>('Gmail message size');
export const CLIP_NOTICE = '[Message clipped]  View entire message';

/** Gmail clips a message whose HTML is over 102 KB and shows a link to the rest. */
export function clipLongMessage(p: Preparation): void {
  const html = p.$.html();
  const bytes = Buffer.from(html);
  GMAIL_MESSAGE_BYTES.set(p, bytes.length);
  if (bytes.length <= GMAIL_CLIP_BYTES) return;
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
  p.report.add(
    'rule:gmail',
    `Messages over 102 KB are clipped (${Math.round(bytes.length / 1024)} KB)`,
    'message',
    'email-bugs#41',
  );
  p.$ = clipped;
}
