import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Inky } from 'inky';
import juice from 'juice';
import mjml2html from 'mjml';

// Emails built with the three most used ways of writing emails, each with distinctive solid
// colours where pixel checks look for structure (test/fixtures/email-frameworks/).
const FIXTURES = join(__dirname, '../fixtures/email-frameworks');
const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');

export const COLOURS = {
  red: [229, 57, 53],
  blue: [30, 136, 229],
  green: [67, 160, 71],
  yellow: [253, 216, 53],
  brown: [109, 76, 65],
  /** The VML button's fill: drawn by Outlook only. */
  purple: [142, 36, 170],
  /** The VML button's HTML twin: everyone but Outlook. */
  orange: [251, 140, 0],
  teal: [0, 137, 123],
  imageBlue: [0, 0, 255],
  imageRed: [255, 0, 0],
} as const;

/** buttons.cm's bulletproof button: VML for Outlook, an HTML link for everyone else. */
export const BULLETPROOF_BUTTON = `<div><!--[if mso]>
  <v:roundrect xmlns:v="urn:schemas-microsoft-com:vml" xmlns:w="urn:schemas-microsoft-com:office:word" href="https://example.com/vml" style="height:40px;v-text-anchor:middle;width:200px;" arcsize="10%" strokecolor="#5e1675" fillcolor="#8e24aa">
    <w:anchorlock/>
    <center style="color:#ffffff;font-family:sans-serif;font-size:13px;font-weight:bold;">Bulletproof</center>
  </v:roundrect>
<![endif]--><!--[if !mso]><!--><a href="https://example.com/vml" style="background-color:#fb8c00;border-radius:4px;color:#ffffff;display:inline-block;font-family:sans-serif;font-size:13px;font-weight:bold;line-height:40px;text-align:center;text-decoration:none;width:200px;">Bulletproof</a><!--<![endif]--></div>`;

/** MJML (npm mjml): a hero, one-, two- and three-column sections, a section background, buttons. */
export async function mjmlNewsletter(imagesUrl: string): Promise<string> {
  const source = fixture('mjml-newsletter.mjml')
    .replace(/IMAGES/g, imagesUrl)
    .replace('BULLETPROOF_BUTTON', BULLETPROOF_BUTTON);
  const { html, errors } = await mjml2html(source, { validationLevel: 'strict' });
  if (errors.length) throw new Error(errors.map((error) => error.formattedMessage).join('\n'));
  return html;
}

/** Foundation for Emails (npm inky + foundation-emails): two columns, a button, inlined CSS. */
export function foundationEmail(): string {
  const css = readFileSync(require.resolve('foundation-emails/dist/foundation-emails.css'), 'utf8');
  const colours = `th.callout-inner.first-column { background: #e53935; color: #ffffff } th.callout-inner.second-column { background: #1e88e5; color: #ffffff }`;
  const body = new Inky().releaseTheKraken(fixture('foundation.inky.html'));
  const page = `<!DOCTYPE html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><style>${css}\n${colours}</style></head><body><table class="body" data-made-with-foundation><tr><td class="float-center" align="center" valign="top"><center>${body}</center></td></tr></table></body></html>`;
  // As Foundation's build does: CSS inlined, the style block kept for media queries.
  return juice(page, { preserveMediaQueries: true, removeStyleTags: false });
}

/** A Cerberus-style hybrid email: ghost tables, VML button and background. */
export function cerberusHybrid(imagesUrl: string): string {
  return fixture('cerberus-style-hybrid.html')
    .replace(/IMAGES/g, imagesUrl)
    .replace('BULLETPROOF_BUTTON', BULLETPROOF_BUTTON);
}
