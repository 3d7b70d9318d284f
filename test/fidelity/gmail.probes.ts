import { LOGO, blueText, bright, images, redPicture, styledAlt } from './dark-and-images-fixtures';
import { isBlue, isRed } from '../support/pixels';
import {
  GREEN_BOX,
  hasGreen,
  html,
  near,
  noGreen,
  page,
  Probe,
  reported,
  style,
  type ProbeGroup,
} from './probe';

// Gmail: the sanitizer's documented conditions for dropping a whole <style> block, the body
// turned into a div, clipping, images-off and the app's dark modes (docs/fidelity.md#gmail).
const filler = (bytes: number) => `.p { margin: 0 }\n`.repeat(Math.ceil(bytes / 17));

const probes: Probe[] = [
  {
    id: 'gmail/a-block-in-the-body-is-removed',
    html: html(`${style('.a { background: #00ff00 }')}${GREEN_BOX}`),
    client: 'GMAILNEW',
    shows: noGreen,
    control: ['APPMAIL16'],
  },
  {
    id: 'gmail/a-style-block-with-a-css-error-is',
    html: html(GREEN_BOX, style('.a { background: #00ff00 } @ { @ }')),
    client: 'GMAILNEW',
    shows: noGreen,
    control: ['APPMAIL16'],
  },
  {
    id: 'gmail/a-style-block-with-an-at-rule-inside',
    html: html(
      GREEN_BOX,
      style(
        '.a { background: #00ff00 } @media screen { @font-face { font-family: x; src: local(Arial) } }',
      ),
    ),
    client: 'CHROMEGMAILNEW',
    shows: noGreen,
    control: ['APPMAIL16'],
  },
  {
    id: 'gmail/a-media-query-inside-a-media-query-is',
    html: html(
      GREEN_BOX,
      style(
        '.a { background: #00ff00 } @media screen { @media (min-width: 1px) { .b { color: red } } }',
      ),
    ),
    client: 'GMAILNEW',
    shows: hasGreen,
    control: ['ANDROIDGMAILIMAP'],
  },
  {
    id: 'gmail/style-blocks-past-16-kb-in-total-are',
    html: html(
      `<div class="b" style="height:40px">&nbsp;</div>${GREEN_BOX}`,
      style(`.b { background: #0000ff } ${filler(10000)}`) +
        style(`.a { background: #00ff00 } ${filler(8000)}`),
    ),
    client: 'GMAILNEW',
    shows: (px) => px.count(isBlue) > 500 && noGreen(px),
    control: ['APPMAIL16'],
  },
  {
    id: 'gmail/the-app-on-a-non-google-imap-account',
    html: html(GREEN_BOX, style('.a { background: #00ff00 }')),
    client: 'ANDROIDGMAILIMAP',
    shows: noGreen,
    control: ['ANDROIDGMAILAPP'],
  },
  {
    id: 'gmail/a-background-set-in-the-body-style-does',
    html: page('<p>Hello</p>', 'style="margin:0; background:#00ff00"'),
    client: 'GMAILNEW',
    shows: noGreen,
    control: ['APPMAIL16'],
  },
  {
    id: 'gmail/a-body-bgcolor-does-not-show-it-is',
    html: page('<p>Hello</p>', 'bgcolor="#00ff00"'),
    client: 'GMAILNEW',
    shows: noGreen,
    control: ['APPMAIL16'],
  },
  {
    id: 'gmail/the-body-s-class-stays-on-its-div',
    html: page(
      '<div class="x" style="height:40px">&nbsp;</div>',
      'class="body"',
      style('.body .x { background: #00ff00 }'),
    ),
    client: 'GMAILNEW',
    shows: hasGreen,
    control: ['ANDROIDGMAILIMAP'],
  },
  {
    id: 'gmail/a-message-over-102-kb-is-clipped-what',
    html: html(
      `<div style="display:none">${'lorem ipsum dolor sit amet '.repeat(4200)}</div>` +
        '<div style="height:40px;background:#00ff00">&nbsp;</div>',
    ),
    client: 'GMAILNEW',
    shows: (px, result) => noGreen(px) && reported(result, /clipped/),
    control: ['APPMAIL16'],
  },
  {
    id: 'gmail/with-images-off-important-is-stripped-from-style',
    html: html(
      '<div class="o" style="background:#ff0000;height:40px">&nbsp;</div>',
      style('.o { background: #00ff00 !important }'),
    ),
    options: { images: 'blocked' },
    client: 'GMAILNEW',
    shows: (px) => px.count(isRed) > 500 && noGreen(px),
    control: ['APPMAIL16'],
  },
  {
    id: 'gmail/the-ios-app-in-dark-mode-inverts-every',
    html: html('<div style="background:#111111;height:40px">&nbsp;</div>'),
    client: 'GMAILIOSDARK',
    shows: (px) => px.count(near([238, 238, 238], 12)) > 1000,
    control: ['ANDROID14GMAILAPPDARK'],
  },
  {
    id: 'gmail/the-android-app-in-dark-mode-darkens-light',
    html: html('<div style="background:#ffffff;height:60px;width:200px">&nbsp;</div>'),
    client: 'ANDROID14GMAILAPPDARK',
    shows: (px) => px.count(near([255, 255, 255], 8)) === 0,
    control: ['ANDROID14GMAILAPP'],
  },
  {
    id: 'gmail/an-uppercase-important-drops-the-whole-style-block',
    html: html(GREEN_BOX, style('.a { background: #00ff00 } .b { color: #000000 !IMPORTANT }')),
    client: 'GMAILNEW',
    shows: noGreen,
    control: ['APPMAIL16'],
  },
  {
    id: 'gmail/an-uppercase-important-drops-the-style-attribute',
    html: html('<div style="height:40px;background:#00ff00;color:#000000 !Important">&nbsp;</div>'),
    client: 'GMAILNEW',
    shows: noGreen,
    control: ['APPMAIL16'],
  },
];

const darkAndImagesOff: Probe[] = [
  {
    id: 'gmail/the-ios-app-s-dark-mode-leaves-images-as-they-are',
    html: redPicture,
    client: 'GMAILIOSDARK',
    shows: (px) => px.count(isRed) > 10_000,
    control: [],
    images,
  },
  {
    id: 'gmail/in-dark-mode-a-transparent-image-shows-the-dark-background',
    html: html(`<img src="${LOGO}" width="120" height="120" style="display:block">`),
    client: 'ANDROID14GMAILAPPDARK',
    shows: (px) => bright(px) === 0,
    control: ['ANDROID14GMAILAPP'],
    images,
  },
  {
    id: 'gmail/nothing-in-the-email-turns-the-apps-dark-mode-off',
    html: html(
      '<div style="background:#ffffff;height:60px;width:200px">&nbsp;</div>',
      '<meta name="color-scheme" content="light only"><style>:root { color-scheme: light only } @media (prefers-color-scheme: dark) { div { background: #ffffff !important } }</style>',
    ),
    client: 'GMAILIOSDARK',
    shows: (px) => px.count(near([255, 255, 255], 8)) === 0,
    control: ['IPHONE15DARK'],
  },
  {
    id: 'gmail/with-images-off-the-alt-text-shows-in-the-image-s-box',
    html: styledAlt,
    client: 'GMAILNEW',
    options: { images: 'blocked' },
    shows: (px) => blueText(px) && px.count(isRed) === 0,
    control: ['OL2019'],
    images,
  },
];

export const PROBE_GROUPS: ProbeGroup[] = [
  { name: 'Gmail', probes: probes },
  { name: 'Gmail: dark mode and images off', probes: darkAndImagesOff },
];
