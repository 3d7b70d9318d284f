import { GMAIL_CLIP_BYTES, GMAIL_MESSAGE_BYTES } from '../../../rendering/families/gmail/clipping';
import type { EmailContent } from '../../../rendering/model/email-content';
import { prepareHtml } from '../../../rendering/prepare/prepare-html';
import type { ClientProfile } from '../../../rendering/profile/client-profile';
import type { CheckFinding } from '../check-finding';

const SOURCE = 'email-bugs #41 (Gmail clips messages over 102 KB)';
/** Close enough to the limit that one more section clips it. */
const NEAR = 0.9;

/**
 * The email's size as Gmail measures it: the HTML Gmail keeps after its sanitizer, which is
 * what the Gmail family's own clipping stage measures (prepared for `gmail`, the first Gmail
 * profile), against the 102 KB past which Gmail shows "[Message clipped]".
 */
export function gmailClippingFindings(
  email: EmailContent,
  gmail: ClientProfile,
  gmailClients: string[],
): CheckFinding[] {
  if (email.html === null) return [];
  const prepared = prepareHtml(email, gmail, { images: 'allowed', orientation: 'vertical' });
  const bytes = GMAIL_MESSAGE_BYTES.get(prepared) ?? 0;
  const kb = (bytes / 1024).toFixed(1);
  if (bytes > GMAIL_CLIP_BYTES)
    return [
      {
        id: 'gmail-clipping',
        severity: 'error',
        message: `Gmail clips this email: ${kb} KB of HTML as Gmail keeps it, over 102 KB. Readers see "[Message clipped]" and nothing after it, the footer and unsubscribe link included`,
        source: SOURCE,
        clients: gmailClients,
      },
    ];
  if (bytes > GMAIL_CLIP_BYTES * NEAR)
    return [
      {
        id: 'gmail-clipping',
        severity: 'warning',
        message: `${kb} KB of HTML as Gmail keeps it: within 10 % of the 102 KB past which Gmail clips`,
        source: SOURCE,
        clients: gmailClients,
      },
    ];
  return [];
}
