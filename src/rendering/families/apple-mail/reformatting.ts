import type { Preparation } from '../../model/client-family';
import { isIosMail } from './platform';

/**
 * iOS Mail zooms an email wider than the screen out to fit it, unless the email carries
 * `<meta name="x-apple-disable-message-reformatting">`, which turns that scaling off entirely
 * (emailmonday/Cerberus#74, from iOS 10; hteumeuleu/email-bugs#18: an unscaled wide email
 * scrolls sideways): the email keeps its own width and the screen shows its left part. The
 * record is public up to iOS 13; later releases are taken to keep it (no source says otherwise).
 */
export function applyReformattingMeta(p: Preparation): void {
  if (!isIosMail(p.profile) || !p.fitsToWidth) return;
  const meta = p
    .$('meta')
    .filter(
      (_i, el) =>
        (p.$(el).attr('name') ?? '').trim().toLowerCase() ===
        'x-apple-disable-message-reformatting',
    );
  if (meta.length === 0) return;
  p.fitsToWidth = false;
  p.report.add(
    'rule:ios-reformatting-off',
    'Reformatting turned off by the email: a wide email is not shrunk to the screen',
    '<meta name="x-apple-disable-message-reformatting">',
    'emailmonday/Cerberus#74; hteumeuleu/email-bugs#18',
  );
}
