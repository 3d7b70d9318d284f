import { isBlue, isRed } from '../support/pixels';
import { APPLE, box, hasRed, images, noRed, RED_PNG, redBlock } from './outlook-fixtures';
import { boxHeight, boxWidth, describeProbes, html, Probe } from './probe';

// Outlook for Windows (Word engine), docs/fidelity.md#outlook-for-windows-word-engine:
// conditional comments and Office markup (items 1, 2) and VML (item 3). Controls are Apple
// Mail (WebKit), which shows the email as a browser does, or another Outlook version where the
// data differs.
const conditionalComments: Probe[] = [
  {
    behaviour: 'a ghost table opened in one comment and closed in another centres 400px content',
    source: 'MJML and Cerberus ghost tables; Microsoft: About conditional comments',
    html: html(
      `<!--[if mso]><table align="center" width="400" cellpadding="0" cellspacing="0"><tr><td><![endif]--><div style="background:#ff0000;height:40px">&nbsp;</div><!--[if mso]></td></tr></table><![endif]-->`,
    ),
    client: 'OL2019',
    shows: (px) => {
      const red = box(px, isRed);
      return (
        !!red && Math.abs(red.right - red.left + 1 - 400) <= 2 && Math.abs(red.left - 200) <= 2
      );
    },
    control: APPLE,
  },
  {
    behaviour: 'downlevel-revealed <!--[if !mso]><!--> content is hidden',
    source: 'Microsoft: About conditional comments (downlevel-revealed)',
    html: html(`<p>x</p><!--[if !mso]><!-->${redBlock()}<!--<![endif]-->`),
    client: 'OL2019',
    shows: noRed,
    control: APPLE,
  },
  {
    behaviour: 'the IE form <![if !mso]> is hidden too',
    source: 'Microsoft: About conditional comments (downlevel-revealed)',
    html: html(`<p>x</p><![if !mso]>${redBlock()}<![endif]>`),
    client: 'OL2016',
    shows: noRed,
    control: APPLE,
  },
  {
    behaviour: '[if mso 12] content shows in Outlook 2007 only',
    source: 'Microsoft: Outlook 2007 is mso 12',
    html: html(`<!--[if mso 12]>${redBlock()}<![endif]-->`),
    client: 'OL2007',
    shows: hasRed,
    control: ['OL2019', 'APPMAIL15'],
  },
  {
    behaviour: '[if gte mso 15] content shows from Outlook 2013 on',
    source: 'Microsoft: Outlook 2013 is mso 15',
    html: html(`<!--[if gte mso 15]>${redBlock()}<![endif]-->`),
    client: 'OL2013',
    shows: hasRed,
    control: ['OL2010', 'APPMAIL15'],
  },
  {
    behaviour: "MJML's [if mso | IE] content shows",
    source: 'MJML output (mjml-core conditional tags)',
    html: html(`<!--[if mso | IE]>${redBlock()}<![endif]-->`),
    client: 'OL365',
    shows: hasRed,
    control: ['GMAILNEW', 'IPHONE13'],
  },
  {
    behaviour: "Foundation's [if (gte mso 9)|(IE)] content shows in Outlook 2007",
    source: 'Foundation for Emails templates',
    html: html(`<!--[if (gte mso 9)|(IE)]>${redBlock()}<![endif]-->`),
    client: 'OL2007',
    shows: hasRed,
    control: APPLE,
  },
  {
    behaviour: 'a style block inside [if mso] applies',
    source: 'Microsoft: About conditional comments',
    html: html(
      `<table><tr><td class="x" bgcolor="#0000ff" width="200" height="40">&nbsp;</td></tr></table>`,
      `<!--[if mso]><style>.x { background-color: #ff0000 }</style><![endif]-->`,
    ),
    client: 'OL2019',
    shows: hasRed,
    control: APPLE,
  },
  {
    behaviour: 'Windows 10 Mail renders with Word and reads [if mso]',
    source: 'caniemail outlook/windows-mail; Microsoft: Windows Mail uses the Word engine',
    html: html(`<!--[if mso]>${redBlock()}<![endif]-->`),
    client: 'WINDOWS10MAIL',
    shows: hasRed,
    control: APPLE,
  },
  {
    behaviour: 'the Office XML island is never drawn: content starts at the top of the body',
    source: 'Microsoft Office HTML and XML Reference (o:OfficeDocumentSettings)',
    html: html(
      `${redBlock()}`,
      `<xml><o:OfficeDocumentSettings><o:AllowPNG/><o:PixelsPerInch>96</o:PixelsPerInch></o:OfficeDocumentSettings></xml>`,
    ),
    client: 'OL2019',
    // No "96" line above the content: it starts within the body's default margin.
    shows: (px) => (box(px, isRed)?.top ?? 99) <= 8,
    control: APPLE,
  },
];

const vml: Probe[] = [
  {
    behaviour: 'a buttons.cm v:roundrect is drawn at its 200x40 size with the fill colour',
    source: 'buttons.cm; Microsoft VML reference (roundrect)',
    html: html(
      `<div><!--[if mso]><v:roundrect xmlns:v="urn:schemas-microsoft-com:vml" xmlns:w="urn:schemas-microsoft-com:office:word" href="https://x.test" style="height:40px;v-text-anchor:middle;width:200px;" arcsize="10%" strokecolor="#ff0000" fillcolor="#ff0000"><w:anchorlock/><center style="color:#ffffff;font-family:sans-serif;font-size:13px;font-weight:bold;">Button</center></v:roundrect><![endif]--></div>`,
    ),
    client: 'OL2019',
    shows: (px) =>
      Math.abs(boxWidth(px, isRed) - 200) <= 3 && Math.abs(boxHeight(px, isRed) - 40) <= 3,
    control: APPLE,
  },
  {
    behaviour: 'a v:roundrect with arcsize 50% has rounded corners',
    source: 'Microsoft VML reference (roundrect arcsize)',
    html: html(
      `<!--[if mso]><v:roundrect style="width:200px;height:60px" arcsize="50%" stroked="f" fillcolor="#ff0000"></v:roundrect><![endif]-->`,
    ),
    client: 'OL2019',
    shows: (px) => {
      const red = box(px, isRed);
      return (
        !!red &&
        !isRed(px.at(red.left + 1, red.top + 1)) &&
        isRed(px.at(red.left + 100, red.top + 30))
      );
    },
    control: APPLE,
  },
  {
    behaviour:
      'a backgrounds.cm v:rect shows its fill colour when the image is missing, with its text box content',
    source: 'backgrounds.cm; Microsoft VML reference (fill)',
    html: html(
      `<table width="300"><tr><td background="https://img.test/none.png" bgcolor="#0000ff" width="300" height="100" valign="top"><!--[if gte mso 9]><v:rect xmlns:v="urn:schemas-microsoft-com:vml" fill="true" stroke="false" style="width:300px;height:100px;"><v:fill type="tile" src="https://img.test/none.png" color="#ff0000" /><v:textbox inset="0,0,0,0"><![endif]--><div>Content</div><!--[if gte mso 9]></v:textbox></v:rect><![endif]--></td></tr></table>`,
    ),
    client: 'OL2016',
    shows: (px) =>
      Math.abs(boxWidth(px, isRed) - 300) <= 3 && Math.abs(boxHeight(px, isRed) - 100) <= 3,
    control: APPLE,
  },
  {
    behaviour: 'a v:fill tile image is drawn over the fill colour',
    source: 'backgrounds.cm; Microsoft VML reference (fill type=tile)',
    html: html(
      `<!--[if gte mso 9]><v:rect fill="true" stroke="false" style="width:300px;height:100px;"><v:fill type="tile" src="${RED_PNG}" color="#0000ff" /></v:rect><![endif]-->`,
    ),
    client: 'OL2019',
    shows: (px) => boxWidth(px, isRed) >= 297 && px.count(isBlue) === 0,
    control: APPLE,
    images,
  },
  {
    behaviour: 'with images off, a VML image fill shows its colour instead',
    source: 'backgrounds.cm (fallback colour); Microsoft VML reference (fill color)',
    html: html(
      `<!--[if gte mso 9]><v:rect fill="true" stroke="false" style="width:300px;height:100px;"><v:fill type="tile" src="${RED_PNG}" color="#0000ff" /></v:rect><![endif]-->`,
    ),
    client: 'OL2019',
    options: { images: 'blocked' },
    shows: (px) => boxWidth(px, isBlue) >= 297 && noRed(px),
    control: ['IPHONE13'], // desktop Apple Mail offers no images=blocked configuration
    images,
  },
  {
    behaviour: 'a v:oval is drawn as an ellipse',
    source: 'Microsoft VML reference (oval)',
    html: html(
      `<!--[if mso]><v:oval style="width:100px;height:100px" fillcolor="#ff0000" stroked="f"></v:oval><![endif]-->`,
    ),
    client: 'OL2019',
    shows: (px) => {
      const red = box(px, isRed);
      return (
        !!red &&
        boxWidth(px, isRed) >= 97 &&
        !isRed(px.at(red.left + 3, red.top + 3)) &&
        isRed(px.at(red.left + 50, red.top + 50))
      );
    },
    control: APPLE,
  },
  {
    behaviour: 'strokecolor and strokeweight draw the shape outline',
    source: 'Microsoft VML reference (strokecolor, strokeweight)',
    html: html(
      `<!--[if mso]><v:rect style="width:200px;height:80px" fillcolor="#ffffff" strokecolor="#ff0000" strokeweight="4px"></v:rect><![endif]-->`,
    ),
    client: 'OL2019',
    shows: (px) => {
      const red = box(px, isRed);
      return !!red && boxWidth(px, isRed) >= 196 && !isRed(px.at(red.left + 100, red.top + 40));
    },
    control: APPLE,
  },
  {
    behaviour: 'HTML inside a v:textbox is laid out inside the shape',
    source: 'Microsoft VML reference (textbox)',
    html: html(
      `<!--[if mso]><v:rect style="width:300px;height:100px" fillcolor="#0000ff" stroked="f"><v:textbox inset="20px,20px,20px,20px"><div style="background:#ff0000;height:20px;line-height:20px;font-size:12px">x</div></v:textbox></v:rect><![endif]-->`,
    ),
    client: 'OL2019',
    shows: (px) => {
      const red = box(px, isRed);
      const blue = box(px, isBlue);
      return !!red && !!blue && red.left >= blue.left + 18 && red.top >= blue.top + 18;
    },
    control: APPLE,
  },
];

describeProbes('Outlook for Windows: conditional comments and Office markup', conditionalComments);
describeProbes('Outlook for Windows: VML', vml);
