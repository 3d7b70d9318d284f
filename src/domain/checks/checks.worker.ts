import { threadEntry } from '../../base/threads/budgeted-thread-pool';
import { clientCatalog } from '../../rendering/catalog/client-catalog';
import { CLIENT_FAMILIES } from '../../rendering/families/lookup';
import type { CheckFinding } from '../../rendering/model/check-finding';
import type { EmailContent } from '../../rendering/model/email-content';
import { prepareHtml } from '../../rendering/prepare/prepare-html';
import type { ClientProfile } from '../../rendering/profile/client-profile';
import { htmlChecks, RecordedImage } from './html/html-checks';

/** What the checks read from the email alone, as plain data (it crosses into a thread). */
export interface EmailCheckTask {
  content: EmailContent;
  images: RecordedImage[];
}

const prepare = (email: EmailContent, profile: ClientProfile) =>
  prepareHtml(email, profile, { images: 'allowed', orientation: 'vertical' });

/**
 * The checks computed from the email itself, with no render: the HTML checks, then those each
 * client family adds over its profiles of the catalogue (its own preparation where it measures).
 */
export function emailChecks(task: EmailCheckTask): CheckFinding[] {
  const html = task.content.html;
  if (html === null) return [];
  const profiles = clientCatalog.all();
  return [
    ...htmlChecks({ html, images: task.images }),
    ...[...CLIENT_FAMILIES.values()].flatMap((family) => {
      const own = profiles.filter((profile) => profile.family === family.name);
      return (family.checks ?? []).flatMap((check) => check(task.content, own, prepare));
    }),
  ];
}

/** The worker-thread entry piscina loads: hostile HTML is parsed off the event loop. */
export default threadEntry(emailChecks);
