import mjml2html from 'mjml';

/** buttons.cm's bulletproof button: VML for Outlook, an HTML link for everyone else. */
export const BULLETPROOF_BUTTON = `<div><!--[if mso]>
  <v:roundrect xmlns:v="urn:schemas-microsoft-com:vml" xmlns:w="urn:schemas-microsoft-com:office:word" href="https://shop.example" style="height:44px;v-text-anchor:middle;width:220px;" arcsize="12%" strokecolor="#1e3650" fillcolor="#556270">
    <w:anchorlock/>
    <center style="color:#ffffff;font-family:sans-serif;font-size:14px;font-weight:bold;">Shop the sale</center>
  </v:roundrect>
<![endif]--><!--[if !mso]><!--><a href="https://shop.example" style="background-color:#556270;border:1px solid #1e3650;border-radius:5px;color:#ffffff;display:inline-block;font-family:sans-serif;font-size:14px;font-weight:bold;line-height:44px;text-align:center;text-decoration:none;width:220px;">Shop the sale</a><!--<![endif]--></div>`;

/**
 * A newsletter written in MJML (two-column sections with images and text, repeated to about
 * `kilobytes` KB of HTML) with a VML bulletproof button, compiled by the mjml package.
 */
export async function mjmlTwoColumnEmail(
  kilobytes: number,
  imageUrl: (i: number) => string,
): Promise<string> {
  const section = (i: number) => `<mj-section background-color="#ffffff">
    <mj-column><mj-image src="${imageUrl(i)}" width="260px" /><mj-text font-size="16px" color="#333333">Item ${i}: lorem ipsum dolor sit amet, consectetur adipiscing elit.</mj-text></mj-column>
    <mj-column><mj-image src="${imageUrl(i + 1)}" width="260px" /><mj-text font-size="16px" color="#333333">Item ${i + 1}: integer nec odio, praesent libero.</mj-text><mj-raw>${BULLETPROOF_BUTTON}</mj-raw></mj-column>
  </mj-section>`;
  let sections = '';
  let html = '';
  for (let i = 0; html.length < kilobytes * 1024; i += 2) {
    sections += section(i);
    const compiled = await mjml2html(
      `<mjml><mj-body width="600px" background-color="#f4f4f4">${sections}</mj-body></mjml>`,
      { validationLevel: 'soft' },
    );
    html = compiled.html;
  }
  return html;
}
