import type { Pixels } from '../support/pixels';
import { isBlue, isDark, isGreen, isRed, luminance } from '../support/pixels';
import {
  boxHeight,
  boxWidth,
  GREEN_BOX,
  hasGreen,
  html,
  noGreen,
  Probe,
  style,
  type ProbeGroup,
} from './probe';

// Apple Mail (macOS) and Mail on iPhone and iPad: data detectors, the minimum text size,
// dark mode only where the email allows it, and the darkening of simple emails.
const IPHONE_SCALE = 3; // IPHONE15 renders at 3 device pixels per CSS pixel.
const text = (content: string) =>
  `<p style="font:20px Helvetica, Arial, sans-serif;color:#000000;margin:8px">${content}</p>`;
const blueLinks = (px: Pixels) => px.count(isBlue) > 150;
const noBlue = (px: Pixels) => px.count(isBlue) === 0;
const emBox = (color: string, size = '8px', adjust = '') =>
  `<div style="font-size:${size};${adjust}"><span style="display:inline-block;width:1em;height:1em;background:${color}"></span></div>`;
const DARK_STYLES = style(
  '@media (prefers-color-scheme: dark) { .a { background: #00ff00 !important } }',
);
const RED_BOX = '<div class="a" style="background:#ff0000;height:40px">&nbsp;</div>';
const redNotGreen = (px: Pixels) => px.count(isRed) > 500 && px.count(isGreen) === 0;
const topLeftIsDark = (px: Pixels) => luminance(px.at(4, 4)) < 60;

const detectors: Probe[] = [
  {
    id: 'apple-ios/a-phone-number-becomes-a-blue-underlined-link',
    html: html(text('Call 555-123-4567 now')),
    client: 'IPHONE15',
    shows: blueLinks,
    control: ['APPMAIL16'],
  },
  {
    id: 'apple-ios/a-date-and-time-become-a-link',
    html: html(text('See you Friday, March 6 at 3pm')),
    client: 'IPHONE15',
    shows: blueLinks,
    control: ['APPMAIL16'],
  },
  {
    id: 'apple-ios/a-street-address-becomes-a-link',
    html: html(text('Visit 1 Infinite Loop, Cupertino, CA 95014')),
    client: 'IPHONE15',
    shows: blueLinks,
    control: ['APPMAIL16'],
  },
  {
    id: 'apple-ios/the-ipad-links-phone-numbers-too',
    html: html(text('Call (555) 123-4567')),
    client: 'IPADAIR11M2',
    shows: blueLinks,
    control: ['APPMAIL16'],
  },
  {
    id: 'apple-ios/format-detection-telephone-no-keeps-the-phone-number',
    html: html(
      `<div style="height:60px">${text('Call 555-123-4567')}</div>${text('Friday, March 6')}`,
      '<meta name="format-detection" content="telephone=no">',
    ),
    client: 'IPHONE15',
    shows: (px) =>
      px.count(isBlue, { left: 0, top: 0, right: px.width, bottom: 60 * IPHONE_SCALE }) === 0 &&
      px.count(isBlue, { left: 0, top: 60 * IPHONE_SCALE, right: px.width, bottom: px.height }) >
        150,
    control: ['APPMAIL16'],
  },
  {
    id: 'apple-ios/a-x-apple-data-detectors-rules-style-the',
    html: html(
      text('Call 555-123-4567 now'),
      style(
        'a[x-apple-data-detectors] { color: inherit !important; text-decoration: none !important; background: #00ff00 }',
      ),
    ),
    client: 'IPHONE15',
    shows: (px) => noBlue(px) && px.count(isGreen) > 150,
    control: ['APPMAIL16'],
  },
];

const textSize: Probe[] = [
  {
    id: 'apple-ios/text-under-13px-is-shown-at-13px',
    html: html(emBox('#00ff00')),
    client: 'IPHONE15',
    shows: (px) => boxWidth(px, isGreen, IPHONE_SCALE) === 13,
    control: ['APPMAIL16'],
  },
  {
    id: 'apple-ios/webkit-text-size-adjust-none-keeps-the-size',
    html: html(
      `<div style="-webkit-text-size-adjust:none">${emBox('#00ff00')}` +
        `<div style="-webkit-text-size-adjust:auto">${emBox('#0000ff')}</div></div>`,
    ),
    client: 'IPHONE15',
    shows: (px) =>
      boxWidth(px, isGreen, IPHONE_SCALE) === 8 && boxWidth(px, isBlue, IPHONE_SCALE) === 13,
    control: ['APPMAIL16'],
  },
  {
    id: 'apple-ios/webkit-text-size-adjust-100-the-boilerplate-reset',
    html: html(emBox('#00ff00', '8px', '-webkit-text-size-adjust:100%') + emBox('#0000ff', '8px')),
    client: 'IPHONE15',
    shows: (px) =>
      boxWidth(px, isGreen, IPHONE_SCALE) === 8 && boxWidth(px, isBlue, IPHONE_SCALE) === 13,
    control: ['APPMAIL16'],
  },
  {
    id: 'apple-ios/vh-units-resolve-to-zero-in-ios-mail',
    html: html('<div style="height:10vh;background:#00ff00">&nbsp;</div>'),
    client: 'IPHONE15',
    shows: (px) => px.count(isGreen) === 0,
    control: ['APPMAIL16'],
  },
];

const darkMode: Probe[] = [
  {
    id: 'apple-ios/prefers-color-scheme-dark-styles-are-ignored-without',
    html: html(RED_BOX, DARK_STYLES),
    client: 'IPHONE15DARK',
    shows: redNotGreen,
    control: ['OUTLOOKMACDARK'],
  },
  {
    id: 'apple-ios/with-root-color-scheme-light-dark-the-dark',
    html: html(RED_BOX, style(':root { color-scheme: light dark }') + DARK_STYLES),
    client: 'IPHONE15DARK',
    shows: hasGreen,
    control: ['IPHONE15'],
  },
  {
    id: 'apple-ios/color-scheme-on-the-body-not-the-root',
    html: html(RED_BOX, style('body { color-scheme: light dark }') + DARK_STYLES),
    client: 'IPHONE15DARK',
    shows: redNotGreen,
    control: ['OUTLOOKMACDARK'],
  },
  {
    id: 'apple-ios/on-macos-the-color-scheme-meta-tag-turns',
    html: html(RED_BOX, '<meta name="color-scheme" content="light dark">' + DARK_STYLES),
    client: 'APPMAIL16DARK',
    shows: hasGreen,
    control: ['IPHONE15DARK'],
  },
  {
    id: 'apple-ios/a-designed-email-white-table-without-color-scheme',
    html: html(
      '<table width="100%" bgcolor="#ffffff" cellpadding="20"><tr><td style="color:#000000">Hello</td></tr></table>',
    ),
    client: 'IPHONE15DARK',
    shows: (px) => luminance(px.at(4, 4)) > 240,
    control: ['GMAILIOSDARK'],
  },
  {
    id: 'apple-ios/a-simple-text-email-is-darkened-by-mail',
    html: html(text('Hello, just a note.')),
    client: 'IPHONE15DARK',
    shows: topLeftIsDark,
    control: ['IPHONE15'],
  },
  {
    id: 'apple-ios/macos-mail-darkens-a-simple-email-too-its',
    html: html(text('Hello, just a note.')),
    client: 'APPMAIL16DARK',
    shows: (px) => topLeftIsDark(px) && px.count((rgb) => luminance(rgb) > 200) > 50,
    control: ['APPMAIL16'],
  },
];

// A touch screen: no hover, a coarse pointer (src/rendering/stages/touch-media.ts).
const touch: Probe[] = [
  {
    id: 'apple-ios/a-touch-screen-matches-hover-none',
    html: html(
      GREEN_BOX,
      style('@media (hover: none) and (pointer: coarse) { .a { background: #00ff00 } }'),
    ),
    client: 'IPHONE13',
    shows: hasGreen,
    control: ['APPMAIL16'],
  },
  {
    id: 'apple-ios/a-touch-screen-does-not-match-hover-hover',
    html: html(
      GREEN_BOX,
      style('@media not all and (hover: hover) { .a { background: #00ff00 } }'),
    ),
    client: 'IPHONE13',
    shows: hasGreen,
    control: ['APPMAIL16'],
  },
];

// An 800 px email with a green block at its right end: seen only when the email is shrunk.
const WIDE =
  '<div style="width:800px;height:40px;background:#ff0000"><div style="float:right;width:100px;height:40px;background:#00ff00">&nbsp;</div></div>';
const reformatting: Probe[] = [
  {
    id: 'apple-ios/a-wide-email-is-shrunk-to-the-screen',
    html: html(WIDE),
    client: 'IPHONE13',
    shows: hasGreen,
    control: ['GMAILIOS'],
  },
  {
    id: 'apple-ios/reformatting-meta-keeps-a-wide-email-wide',
    html: html(WIDE, '<meta name="x-apple-disable-message-reformatting">'),
    client: 'IPHONE13',
    shows: noGreen,
    control: ['SAMSUNGMAIL'],
  },
];

// CSS nesting in Mail 16: only a nested selector with `&` applies (caniemail css-nesting #1).
const nesting: Probe[] = [
  {
    id: 'apple-ios/nesting-without-ampersand-not-in-mail-16',
    html: html(`<div class="x">${GREEN_BOX}</div>`, style('.x { .a { background: #00ff00 } }')),
    client: 'APPMAIL16',
    shows: noGreen,
    control: ['IPHONE16'],
  },
  {
    id: 'apple-ios/nesting-without-ampersand-not-before-ios-17-2',
    html: html(`<div class="x">${GREEN_BOX}</div>`, style('.x { .a { background: #00ff00 } }')),
    client: 'IPHONE13',
    shows: noGreen,
    control: ['IPHONE16'],
  },
  {
    id: 'apple-ios/nesting-with-ampersand-in-mail-16',
    html: html(`<div class="x">${GREEN_BOX}</div>`, style('.x { & .a { background: #00ff00 } }')),
    client: 'APPMAIL16',
    shows: hasGreen,
    control: ['OL2019'],
  },
];

// font-size-adjust 0.1 shrinks the text to a tenth of an em's x-height where it applies.
const adjusted: Probe[] = [
  {
    id: 'apple-ios/no-font-size-adjust-before-ios-17',
    html: html('<p style="margin:0;font:40px Helvetica;font-size-adjust:0.1;color:#000">xxxx</p>'),
    client: 'IPHONE13',
    shows: (px) => boxHeight(px, isDark, 3) >= 12,
    control: ['IPHONE16'],
  },
  {
    // caniemail tests iOS 17.5.1 alone; the engine's record (Safari on iOS 17.5) decides before
    id: 'apple-ios/no-light-dark-before-ios-17-5',
    html: html(
      '<div style="height:40px;background:light-dark(#00ff00, #00ff00)">&nbsp;</div>',
      style(':root { color-scheme: light dark }'),
    ),
    client: 'IPHONE13DARK',
    shows: noGreen,
    control: ['IPHONE16DARK'],
  },
];

export const PROBE_GROUPS: ProbeGroup[] = [
  {
    name: 'Apple Mail and iOS Mail',
    probes: [
      ...adjusted,
      ...nesting,
      ...detectors,
      ...textSize,
      ...darkMode,
      ...touch,
      ...reformatting,
    ],
  },
];
