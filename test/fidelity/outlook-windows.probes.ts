import {
  bright,
  images as darkAndImagesInputs,
  LOGO,
  redPicture,
  styledAlt,
} from './dark-and-images-fixtures';
import { isBlue, isRed } from '../support/pixels';
import { APPLE, box, hasRed, images, noRed, RED_PNG, redBlock } from './outlook-fixtures';
import { boxHeight, boxWidth, html, near, Probe, type ProbeGroup } from './probe';

// Outlook for Windows (Word engine), docs/fidelity.md#outlook-for-windows-word-engine:
// conditional comments and Office markup (items 1, 2) and VML (item 3). Controls are Apple
// Mail (WebKit), which shows the email as a browser does, or another Outlook version where the
// data differs.
const conditionalComments: Probe[] = [
  {
    id: 'outlook-windows/a-ghost-table-opened-in-one-comment-and',
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
    id: 'outlook-windows/downlevel-revealed-content-is-hidden',
    html: html(`<p>x</p><!--[if !mso]><!-->${redBlock()}<!--<![endif]-->`),
    client: 'OL2019',
    shows: noRed,
    control: APPLE,
  },
  {
    id: 'outlook-windows/the-ie-form-is-hidden-too',
    html: html(`<p>x</p><![if !mso]>${redBlock()}<![endif]>`),
    client: 'OL2016',
    shows: noRed,
    control: APPLE,
  },
  {
    id: 'outlook-windows/if-mso-12-content-shows-in-outlook-2007',
    html: html(`<!--[if mso 12]>${redBlock()}<![endif]-->`),
    client: 'OL2007',
    shows: hasRed,
    control: ['OL2019', 'APPMAIL15'],
  },
  {
    id: 'outlook-windows/if-gte-mso-15-content-shows-from-outlook',
    html: html(`<!--[if gte mso 15]>${redBlock()}<![endif]-->`),
    client: 'OL2013',
    shows: hasRed,
    control: ['OL2010', 'APPMAIL15'],
  },
  {
    id: 'outlook-windows/mjml-s-if-mso-ie-content-shows',
    html: html(`<!--[if mso | IE]>${redBlock()}<![endif]-->`),
    client: 'OL365',
    shows: hasRed,
    control: ['GMAILNEW', 'IPHONE13'],
  },
  {
    id: 'outlook-windows/foundation-s-if-gte-mso-9-ie-content',
    html: html(`<!--[if (gte mso 9)|(IE)]>${redBlock()}<![endif]-->`),
    client: 'OL2007',
    shows: hasRed,
    control: APPLE,
  },
  {
    id: 'outlook-windows/a-style-block-inside-if-mso-applies',
    html: html(
      `<table><tr><td class="x" bgcolor="#0000ff" width="200" height="40">&nbsp;</td></tr></table>`,
      `<!--[if mso]><style>.x { background-color: #ff0000 }</style><![endif]-->`,
    ),
    client: 'OL2019',
    shows: hasRed,
    control: APPLE,
  },
  {
    id: 'outlook-windows/windows-10-mail-renders-with-word-and-reads',
    html: html(`<!--[if mso]>${redBlock()}<![endif]-->`),
    client: 'WINDOWS10MAIL',
    shows: hasRed,
    control: APPLE,
  },
  {
    id: 'outlook-windows/the-office-xml-island-is-never-drawn-content',
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
    id: 'outlook-windows/a-buttons-cm-v-roundrect-is-drawn-at',
    html: html(
      `<div><!--[if mso]><v:roundrect xmlns:v="urn:schemas-microsoft-com:vml" xmlns:w="urn:schemas-microsoft-com:office:word" href="https://x.test" style="height:40px;v-text-anchor:middle;width:200px;" arcsize="10%" strokecolor="#ff0000" fillcolor="#ff0000"><w:anchorlock/><center style="color:#ffffff;font-family:sans-serif;font-size:13px;font-weight:bold;">Button</center></v:roundrect><![endif]--></div>`,
    ),
    client: 'OL2019',
    shows: (px) =>
      Math.abs(boxWidth(px, isRed) - 200) <= 3 && Math.abs(boxHeight(px, isRed) - 40) <= 3,
    control: APPLE,
  },
  {
    id: 'outlook-windows/a-v-roundrect-with-arcsize-50-has-rounded',
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
    id: 'outlook-windows/a-backgrounds-cm-v-rect-shows-its-fill',
    html: html(
      `<table width="300"><tr><td background="https://img.test/none.png" bgcolor="#0000ff" width="300" height="100" valign="top"><!--[if gte mso 9]><v:rect xmlns:v="urn:schemas-microsoft-com:vml" fill="true" stroke="false" style="width:300px;height:100px;"><v:fill type="tile" src="https://img.test/none.png" color="#ff0000" /><v:textbox inset="0,0,0,0"><![endif]--><div>Content</div><!--[if gte mso 9]></v:textbox></v:rect><![endif]--></td></tr></table>`,
    ),
    client: 'OL2016',
    shows: (px) =>
      Math.abs(boxWidth(px, isRed) - 300) <= 3 && Math.abs(boxHeight(px, isRed) - 100) <= 3,
    control: APPLE,
  },
  {
    id: 'outlook-windows/a-v-fill-tile-image-is-drawn-over',
    html: html(
      `<!--[if gte mso 9]><v:rect fill="true" stroke="false" style="width:300px;height:100px;"><v:fill type="tile" src="${RED_PNG}" color="#0000ff" /></v:rect><![endif]-->`,
    ),
    client: 'OL2019',
    shows: (px) => boxWidth(px, isRed) >= 297 && px.count(isBlue) === 0,
    control: APPLE,
    images,
  },
  {
    id: 'outlook-windows/with-images-off-a-vml-image-fill-shows',
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
    id: 'outlook-windows/a-v-oval-is-drawn-as-an-ellipse',
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
    id: 'outlook-windows/strokecolor-and-strokeweight-draw-the-shape-outline',
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
    id: 'outlook-windows/html-inside-a-v-textbox-is-laid-out',
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

const darkAndImagesOff: Probe[] = [
  {
    id: 'outlook-windows/dark-mode-leaves-images-as-they-are',
    html: redPicture,
    client: 'OL365DARK',
    shows: (px) => px.count(isRed) > 10_000,
    // No client here recolours images (the Gmail Android app's recolouring is not emulated):
    // the probe guards against an inversion that would reach them.
    control: [],
    images: darkAndImagesInputs,
  },
  {
    id: 'outlook-windows/in-dark-mode-a-transparent-image-shows-the-dark-background',
    html: html(`<img src="${LOGO}" width="120" height="120" style="display:block">`),
    client: 'OL365DARK',
    shows: (px) => bright(px) === 0,
    control: ['OL2019'],
    images: darkAndImagesInputs,
  },
  {
    id: 'outlook-windows/nothing-in-the-email-turns-dark-mode-off',
    html: html(
      '<div style="background:#ffffff;height:60px;width:200px">&nbsp;</div>',
      '<meta name="color-scheme" content="light only"><style>:root { color-scheme: light only }</style>',
    ),
    client: 'OL365DARK',
    shows: (px) => px.count(near([255, 255, 255], 8)) === 0,
    control: ['IPHONE15DARK'],
  },
  {
    id: 'outlook-windows/with-pictures-blocked-a-red-x-placeholder-is-drawn',
    html: styledAlt,
    client: 'OL2019',
    options: { images: 'blocked' },
    // the red X, and the alt text unstyled (no blue); the box is the image's 300×80
    shows: (px, result) =>
      px.count(isRed) > 10 &&
      px.count(isBlue) === 0 &&
      result.report.some((entry) => entry.slug === 'rule:images-blocked-drawing'),
    control: ['GMAILNEW'],
    images: darkAndImagesInputs,
  },
];

export const PROBE_GROUPS: ProbeGroup[] = [
  {
    name: 'Outlook for Windows: conditional comments and Office markup',
    probes: conditionalComments,
  },
  { name: 'Outlook for Windows: VML', probes: vml },
  { name: 'Outlook for Windows: dark mode and pictures blocked', probes: darkAndImagesOff },
];
