import { threadEntry } from '../../base/threads/budgeted-thread-pool';
import { clientCatalog } from '../../rendering/catalog/client-catalog';
import { CLIENT_FAMILIES } from '../../rendering/families/lookup';
import type { CheckFinding } from '../../rendering/model/check-finding';
import type { EmailContent } from '../../rendering/model/email-content';
import { featuresUsed, type FeatureUse } from '../../rendering/caniemail/feature-usage';
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

/** What the email alone says: its findings, and the caniemail features it uses, and where. */
export interface EmailCheckResult {
  findings: CheckFinding[];
  uses: FeatureUse[];
}

/**
 * The checks computed from the email itself, with no render: the HTML checks, then those each
 * client family adds over its profiles of the catalogue (its own preparation where it measures),
 * and the features it uses, for the support analysis over whichever clients a request names.
 */
export function emailChecks(task: EmailCheckTask): EmailCheckResult {
  const html = task.content.html;
  if (html === null) return { findings: [], uses: [] };
  return { findings: htmlFindings(task, html), uses: featuresUsed(html) };
}

function htmlFindings(task: EmailCheckTask, html: string): CheckFinding[] {
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
