import { blueText, images, redPicture, styledAlt } from './dark-and-images-fixtures';
import { isGreen, isRed, luminance } from '../support/pixels';
import {
  boxHeight,
  hasGreen,
  html,
  near,
  noGreen,
  page,
  Probe,
  style,
  type ProbeGroup,
} from './probe';

// Outlook.com, Office 365 and the new Outlook for Windows: x_ prefixing and the selectors it
// breaks, the body turned into a div, partial colour inversion
// (docs/fidelity.md#outlook-on-the-web-and-new-outlook).
const GREEN_BOX = '<div class="a b" id="m" style="height:40px">&nbsp;</div>';

/** A rule Outlook's dark mode makes apply: the box green under a rewritten background. */
const OGSB_RULE = style('[data-ogsb] .a { background: #00ff00 }');

const probes: Probe[] = [
  {
    id: 'outlook-com/a-chain-of-classes-a-b-matches-nothing',
    html: html(GREEN_BOX, style('.a.b { background: #00ff00 }')),
    client: 'OUTLOOKCOM',
    shows: noGreen,
    control: ['APPMAIL16'],
  },
  {
    id: 'outlook-com/the-new-outlook-for-windows-breaks-a-chain',
    html: html(GREEN_BOX, style('.a.b { background: #00ff00 }')),
    client: 'OUTLOOKNEWWIN',
    shows: noGreen,
    control: ['APPMAIL16'],
  },
  {
    id: 'outlook-com/an-id-chained-with-a-class-m-b',
    html: html(GREEN_BOX, style('#m.b { background: #00ff00 }')),
    client: 'OFFICE365',
    shows: noGreen,
    control: ['APPMAIL16'],
  },
  {
    id: 'outlook-com/every-selector-of-a-list-is-prefixed-so',
    html: html(GREEN_BOX, style('.x, .a { background: #00ff00 }')),
    client: 'OUTLOOKCOM',
    shows: hasGreen,
    control: ['ANDROIDGMAILIMAP'],
  },
  {
    id: 'outlook-com/an-attribute-selector-on-class-stays-unprefixed-and',
    html: html(GREEN_BOX, style('[class~="a"] { background: #00ff00 }')),
    client: 'OUTLOOKCOM',
    shows: noGreen,
    control: ['APPMAIL16'],
  },
  {
    id: 'outlook-com/an-attribute-only-compound-is-kept',
    html: html(`<div title="t">${GREEN_BOX}</div>`, style('[title] .a { background: #00ff00 }')),
    client: 'OUTLOOKCOM',
    shows: hasGreen,
    control: ['YAHOO'],
  },
  {
    id: 'outlook-com/the-body-s-inline-background-is-stripped',
    html: page('<p>Hello</p>', 'style="margin:0; background:#00ff00"'),
    client: 'OUTLOOKCOM',
    shows: noGreen,
    control: ['APPMAIL16'],
  },
  {
    id: 'outlook-com/a-body-rule-styles-the-div-that-replaced',
    html: html('<div style="height:40px">&nbsp;</div>', style('body { background: #00ff00 }')),
    client: 'OUTLOOKCOM',
    shows: (px) => {
      const height = boxHeight(px, isGreen);
      return height >= 35 && height <= 80;
    },
    control: ['APPMAIL16'],
  },
  {
    id: 'outlook-com/dark-mode-darkens-light-backgrounds-partial-inversion',
    html: html('<div style="background:#ffffff;height:60px;width:200px">&nbsp;</div>'),
    client: 'CHROMEOUTLOOKCOMDARK',
    shows: (px) => px.count(near([255, 255, 255], 8)) === 0,
    control: ['OUTLOOKCOM'],
  },
  {
    id: 'outlook-com/position-relative-is-removed-its-offsets-do-nothing',
    html: html(
      '<div style="position:relative;left:100px;width:50px;height:40px;background:#00ff00">&nbsp;</div>',
    ),
    client: 'OUTLOOKCOM',
    shows: (px) => (px.bounds(isGreen)?.left ?? -1) < 10,
    control: ['APPMAIL16'],
  },
  {
    // a light background (kept in data-ogsb in dark mode), and a rule aimed at that attribute
    id: 'outlook-com/data-og-attributes-only-in-dark-mode',
    html: html(`<div style="background-color:#ffffff">${GREEN_BOX}</div>`, OGSB_RULE),
    client: 'CHROMEOUTLOOKCOMDARK',
    shows: hasGreen,
    control: ['CHROMEOUTLOOKCOM', 'APPMAIL16DARK'],
  },
  {
    id: 'outlook-mac/dark-mode-keeps-original-colours-in-data-og-attributes',
    html: html(`<div style="background-color:#ffffff">${GREEN_BOX}</div>`, OGSB_RULE),
    client: 'OUTLOOKMACDARK',
    shows: hasGreen,
    control: ['OUTLOOKMAC'],
  },
  {
    // a light email that declares nothing: Outlook for Mac darkens it all the same
    id: 'outlook-mac/dark-mode-darkens-a-light-email',
    html: html(
      '<table width="100%" bgcolor="#ffffff" cellpadding="20"><tr><td style="color:#000000">Hello</td></tr></table>',
    ),
    client: 'OUTLOOKMACDARK',
    shows: (px) => luminance(px.at(4, 4)) < 80,
    control: ['OUTLOOKMAC', 'APPMAIL16DARK'],
  },
];

const darkAndImagesOff: Probe[] = [
  {
    id: 'outlook-com/dark-mode-leaves-images-as-they-are',
    html: redPicture,
    client: 'CHROMEOUTLOOKCOMDARK',
    shows: (px) => px.count(isRed) > 10_000,
    control: [],
    images,
  },
  {
    id: 'outlook-com/with-images-off-the-alt-text-shows-in-the-image-s-box',
    html: styledAlt,
    client: 'OUTLOOKCOM',
    options: { images: 'blocked' },
    shows: (px) => blueText(px) && px.count(isRed) === 0,
    control: ['OL2019'],
    images,
  },
];

export const PROBE_GROUPS: ProbeGroup[] = [
  { name: 'Outlook.com and new Outlook', probes: probes },
  { name: 'Outlook.com: dark mode and images off', probes: darkAndImagesOff },
];
