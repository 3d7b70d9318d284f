import { threadEntry } from '../../base/threads/budgeted-thread-pool';
import type { EmailContent } from '../../rendering/model/email-content';
import type { ClientProfile } from '../../rendering/profile/client-profile';
import type { CheckFinding } from './check-finding';
import { gmailClippingFindings } from './client/gmail-clipping';
import { textSizeFindings } from './client/text-size';
import { htmlChecks, RecordedImage } from './html/html-checks';

/** What the checks read from the email alone, as plain data (it crosses into a thread). */
export interface EmailCheckTask {
  content: EmailContent;
  images: RecordedImage[];
  gmail: { profile: ClientProfile; clients: string[] };
  iosClients: string[];
}

/** The checks computed from the email itself, with no render: parsing, and Gmail's preparation. */
export function emailChecks(task: EmailCheckTask): CheckFinding[] {
  const html = task.content.html;
  if (html === null) return [];
  return [
    ...htmlChecks({ html, images: task.images }),
    ...textSizeFindings(html, task.iosClients),
    ...gmailClippingFindings(task.content, task.gmail.profile, task.gmail.clients),
  ];
}

/** The worker-thread entry piscina loads: hostile HTML is parsed off the event loop. */
export default threadEntry(emailChecks);
