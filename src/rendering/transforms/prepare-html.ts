import { dropsDoctype, removeUnsupported } from '../caniemail/remove-unsupported';
import { DATA_URI } from '../caniemail/feature-matchers';
import type { ClientProfile } from '../catalog/client-profile';
import type { RenderOptions } from '../catalog/options';
import { insertFrame } from './client-frame';
import { applyConditionalComments } from './conditional-comments';
import { invertColors } from './dark-mode';
import { EmailDocument, parseEmail, serializeEmail } from './email-document';
import { applyGmailStyles, clipLongMessage } from './gmail';
import { ImagePlan, RenderImage, resolveImages } from './images';
import { plainTextDocument } from './plain-text';
import { applyOutlookComPrefixes, applyYahooRules } from './prefixes';
import { RenderReport } from './render-report';
import { applyDpi120, applyWordEngine } from './word-engine';

/** What the renderer needs from an email: its content and its stored images. */
export interface EmailContent {
  html: string | null;
  text: string | null;
  images: RenderImage[];
}

export interface PreparedHtml {
  html: string;
  images: ImagePlan;
  report: RenderReport;
}

function textAsHtml(text: string): string {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<!DOCTYPE html><html><head><meta charset="utf-8"></head><body><div style="white-space: pre-wrap">${escaped}</div></body></html>`;
}

/**
 * The HTML the client would display, built from the email by the profile's transforms in
 * the order the client applies them: conditional comments, caniemail removals, family
 * sanitizer rules, image resolution, dark-mode colours, clipping, then the client frame.
 * Pure: no browser, no I/O.
 */
export function prepareHtml(
  email: EmailContent,
  profile: ClientProfile,
  options: RenderOptions,
): PreparedHtml {
  const report = new RenderReport();
  if (profile.rules.includes('plain-text')) {
    const $ = parseEmail(plainTextDocument(email.text, email.html));
    insertFrame($, profile);
    return { html: serializeEmail($), images: { served: new Map() }, report };
  }
  let $: EmailDocument = parseEmail(email.html ?? textAsHtml(email.text ?? ''));
  const has = (rule: ClientProfile['rules'][number]) => profile.rules.includes(rule);

  if (has('word-engine') && profile.mso !== undefined) {
    const applied = applyConditionalComments($, profile.mso);
    if (applied)
      report.add(
        'rule:conditional-comments',
        `Conditional comments evaluated for mso ${profile.mso}`,
        'comment',
        applied,
      );
  }
  const unsupportedTypes = profile.caniemail
    ? removeUnsupported($, profile.caniemail, report)
    : new Set<string>();
  if (has('word-engine')) applyWordEngine($, report);
  if (has('dpi-120')) applyDpi120($, report);
  if (has('gmail')) applyGmailStyles($, has('gmail-non-google-account'), report);
  if (has('outlook-com')) applyOutlookComPrefixes($, report);
  if (has('yahoo')) applyYahooRules($, report);
  const images = resolveImages(
    $,
    email.images,
    options.images,
    unsupportedTypes,
    !unsupportedTypes.has(DATA_URI),
    report,
  );
  if (profile.dark === 'partial-inversion' || profile.dark === 'full-inversion')
    invertColors($, profile.dark, report);
  if (has('gmail')) $ = clipLongMessage($, report);
  insertFrame($, profile);
  const keepDoctype = !(profile.caniemail && dropsDoctype(profile.caniemail));
  return { html: serializeEmail($, keepDoctype), images, report };
}
