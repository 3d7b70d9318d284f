import { applyCaniemail, unsupportedImageTypes } from '../caniemail/apply-caniemail';
import type { ClientProfile } from '../catalog/client-profile';
import type { RenderOptions } from '../catalog/options';
import { isAppleMail, isIosMail } from './apple/apple-mail';
import { applyAppleDarkMode } from './apple/dark-mode';
import { applyIosMailModel } from './apple/ios-mail';
import { insertFrame } from './client-frame';
import { invertColors } from './dark-mode';
import { parseEmail, serializeEmail } from './email-document';
import { applyEngineStyles } from './engine-styles';
import { applyGmailStyles, clipLongMessage, stripImportantWhileImagesOff } from './gmail';
import { ImagePlan, RenderImage, resolveImages } from './images';
import { plainTextDocument } from './plain-text';
import { applyOutlookComPrefixes, applyYahooRules } from './prefixes';
import type { Preparation } from './preparation';
import { RenderReport } from './render-report';
import { applySamsungAutoFit } from './samsung/auto-fit';
import { evaluateConditionalComments } from './word/conditional-comments';
import { applyDpi120, applyWordCssModel } from './word/css-model';
import { OfficeSettings, readOfficeMarkup } from './word/office-markup';
import { collectVmlShapes, drawVmlShapes } from './word/vml';

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
 * Word-engine clients read the source as text first: conditional comments are evaluated
 * and Office markup is taken as settings before any parsing (FIDELITY.md, Outlook 1-2).
 */
function readSource(
  source: string,
  profile: ClientProfile,
  report: RenderReport,
): { html: string; office?: OfficeSettings } {
  if (!profile.rules.includes('word-engine') || profile.mso === undefined) return { html: source };
  const evaluated = evaluateConditionalComments(source, profile.mso);
  if (evaluated.evaluated)
    report.add(
      'rule:conditional-comments',
      `Conditional comments evaluated for mso ${profile.mso}`,
      'comment',
      'Microsoft: About conditional comments; MJML and Cerberus ghost tables',
      evaluated.evaluated,
    );
  const { html, settings } = readOfficeMarkup(evaluated.html);
  if (settings.islands)
    report.add(
      'rule:office-markup',
      'Office XML island read as settings, not drawn',
      '<xml>',
      'Microsoft Office HTML and XML Reference (o:OfficeDocumentSettings)',
      settings.islands,
    );
  return { html, office: settings };
}

/** The client's own sanitizer: what it rewrites in every email it receives. */
function applySanitizer(p: Preparation): void {
  if (p.has('gmail')) applyGmailStyles(p.$, p.has('gmail-non-google-account'), p.report);
  if (p.has('gmail') && p.options.images === 'blocked') stripImportantWhileImagesOff(p.$, p.report);
  if (p.has('outlook-com')) applyOutlookComPrefixes(p.$, p.report);
  if (p.has('yahoo')) applyYahooRules(p.$, p.report);
}

/** The rendering engine's own model, where it differs from a browser. */
function applyEngineModel(p: Preparation): void {
  if (p.has('word-engine')) applyWordCssModel(p);
  if (p.has('dpi-120')) applyDpi120(p.$, p.office, p.report);
  if (isIosMail(p.profile)) applyIosMailModel(p.$, p.report);
}

/**
 * The HTML the client would display, built from the email in one order, the order the
 * client itself works in (ARCHITECTURE.md, rendering pipeline):
 * 1. source text (Word engine: conditional comments, Office markup), then parse;
 * 2. image resolution (stored copies; blocked images removed, alt text kept);
 * 3. the client's documented sanitizer (Gmail's style rules, class prefixing, ...);
 * 4. the engine model (Word's CSS model and VML; ...);
 * 5. caniemail for what no specific rule covered, partial-support notes applied as they say;
 * 6. the client frame: VML drawn, dark-mode colours, clipping, default fonts and margins.
 * Pure: no browser, no I/O. Every stage reports what it changed and its public source.
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
  const source = readSource(email.html ?? textAsHtml(email.text ?? ''), profile, report);
  const p: Preparation = {
    $: parseEmail(source.html),
    profile,
    options,
    report,
    has: (rule) => profile.rules.includes(rule),
    office: source.office,
  };

  const notShown = unsupportedImageTypes(profile);
  const images = resolveImages(p.$, email.images, options.images, notShown, report);
  p.plan = images;
  if (p.has('word-engine')) collectVmlShapes(p.$, report);

  applySanitizer(p);
  applyEngineModel(p);
  const dropsDoctype = applyCaniemail(p);

  applyEngineStyles(p.$);
  if (p.has('word-engine')) drawVmlShapes(p.$, report);
  if (profile.dark === 'partial-inversion' || profile.dark === 'full-inversion')
    invertColors(p.$, profile.dark, report);
  if (isAppleMail(profile)) applyAppleDarkMode(p.$, profile, report);
  applySamsungAutoFit(p);
  if (p.has('gmail')) p.$ = clipLongMessage(p.$, report);
  insertFrame(p.$, profile);
  return { html: serializeEmail(p.$, !dropsDoctype), images, report };
}
