import { featureBySlug, supportOf } from '../../caniemail/support-table';
import type { Preparation } from '../../model/client-family';
import {
  BODY_BECOMES_DIV_NOTE,
  bodyBecomesClassedDiv,
  OUTLOOK_BODY_KEPT,
} from '../../stages/webmail/body-to-div';

const HTML_BODY = featureBySlug('html-body')!;

/** The class of the div: body rules are retargeted at it. */
const BODY_CLASS = 'outlook-app-body';

/**
 * Clients whose caniemail html-body value cites "replaced by a <div>" (Outlook for iOS and
 * Android since 2025-04) show the email's body as a div: its bgcolor, text, background and
 * margins draw nothing, and body rules match the div's class. Which attributes the apps keep
 * is not published: assumed those Outlook.com keeps (hteumeuleu/caniemail#212), the same
 * company's sanitizer for the same Outlook accounts.
 */
export function bodyAsDivWhereRecorded(p: Preparation): void {
  const key = p.profile.caniemail;
  const value = key && supportOf(HTML_BODY, key);
  const notes = [...(value ?? '').matchAll(/#(\d+)/g)].map(([, n]) => HTML_BODY.notes_by_num?.[n]);
  if (!notes.some((note) => note && BODY_BECOMES_DIV_NOTE.test(note))) return;
  bodyBecomesClassedDiv(
    p.$,
    BODY_CLASS,
    OUTLOOK_BODY_KEPT,
    p.report,
    'html-body',
    `caniemail html-body ${value}`,
  );
}
