import type { FamilyCheck } from '../../model/client-family';
import { GMAIL_CLIP_BYTES, GMAIL_MESSAGE_BYTES } from './clipping';

const SOURCE = 'email-bugs #41 (Gmail clips messages over 102 KB)';
/** Close enough to the limit that one more section clips it. */
const NEAR = 0.9;

/**
 * The email's size as Gmail measures it: the HTML Gmail keeps after its sanitizer, which is
 * what the Gmail family's own clipping stage measures (prepared for the first Gmail profile),
 * against the 102 KB past which Gmail shows "[Message clipped]".
 */
export const gmailClipping: FamilyCheck = (email, profiles, prepare) => {
  const [gmail] = profiles;
  if (email.html === null || !gmail) return [];
  const gmailClients = profiles.map((profile) => profile.code);
  const prepared = prepare(email, gmail);
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
};
