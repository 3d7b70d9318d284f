import { isBlue, isRed } from '../support/pixels';
import {
  APPLE,
  box,
  cell,
  hasRed,
  images,
  noRed,
  RED_GIF_1PX,
  RED_PNG,
  WIDE_PNG,
} from './outlook-fixtures';
import { boxHeight, boxWidth, html, Probe, type ProbeGroup } from './probe';

// Outlook for Windows (Word engine), docs/fidelity.md#outlook-for-windows-word-engine item 4:
// Word's CSS model, from caniemail's notes (feature and note number) and the public bug
// trackers.
/** A 40 px cell that class `a` colours (Word sets no height on a div). */
const BLUE_CELL =
  '<table width="200" cellpadding="0" cellspacing="0"><tr><td class="a" height="40">&nbsp;</td></tr></table>';

const cssModel: Probe[] = [
  {
    id: 'outlook-css/important-in-a-style-attribute-makes-outlook-ignore',
    html: html(
      cell(
        'background-color:#ff0000 !important;width:200px;height:40px',
        '&nbsp;',
        'bgcolor="#0000ff"',
      ),
    ),
    client: 'OL2019',
    shows: (px) => noRed(px) && px.count(isBlue) > 1000,
    control: APPLE,
  },
  {
    id: 'outlook-css/important-without-a-space-before-it-loses-its',
    html: html(
      cell('background-color:#0000ff;width:200px;height:40px', '&nbsp;', 'class="x"'),
      `<style>.x { background-color: #ff0000!important }</style>`,
    ),
    client: 'OL2019',
    shows: (px) => noRed(px) && px.count(isBlue) > 1000,
    control: APPLE,
  },
  {
    id: 'outlook-css/only-the-first-class-of-an-element-applies',
    html: html(
      cell('width:200px;height:40px', '&nbsp;', 'class="a b"'),
      `<style>.a { background-color: #ff0000 } .b { background-color: #0000ff }</style>`,
    ),
    client: 'OL2019',
    shows: hasRed,
    control: APPLE,
  },
  {
    id: 'outlook-css/display-none-on-an-image-does-not-hide',
    html: html(`<img src="${RED_PNG}" width="100" height="40" style="display:none" alt="">`),
    client: 'OL2019',
    shows: hasRed,
    control: APPLE,
    images,
  },
  {
    id: 'outlook-css/display-none-does-not-hide-a-nested-table',
    html: html(
      `<div style="display:none">hidden text${cell('background-color:#ff0000;width:200px;height:40px')}</div>`,
    ),
    client: 'OL2019',
    shows: hasRed,
    control: APPLE,
  },
  {
    id: 'outlook-css/display-block-is-not-supported-inline-elements-stay',
    html: html(
      `<p style="font-size:20px;margin:0"><span style="display:block;color:#ff0000">AAAA</span><span style="color:#0000ff">BBBB</span></p>`,
    ),
    client: 'OL2019',
    shows: (px) => Math.abs((box(px, isRed)?.top ?? 0) - (box(px, isBlue)?.top ?? 99)) <= 3,
    control: APPLE,
  },
  {
    id: 'outlook-css/css-background-image-is-not-shown-the-bgcolor',
    html: html(
      cell(
        `background-image:url(${RED_PNG});width:200px;height:40px`,
        '&nbsp;',
        'bgcolor="#0000ff"',
      ),
    ),
    client: 'OL2019',
    shows: (px) => noRed(px) && px.count(isBlue) > 1000,
    control: APPLE,
    images,
  },
  {
    id: 'outlook-css/the-background-attribute-works-only-on',
    html: html(
      `<table><tr><td background="${RED_PNG}" bgcolor="#0000ff" width="200" height="40">&nbsp;</td></tr></table>`,
    ),
    client: 'OL2019',
    shows: (px) => noRed(px) && px.count(isBlue) > 1000,
    control: APPLE,
    images,
  },
  {
    id: 'outlook-css/a-background-shorthand-that-names-an-image-is',
    html: html(
      `<table cellpadding="0" cellspacing="0"><tr><td bgcolor="#0000ff"><table cellpadding="0" cellspacing="0"><tr><td style="background:#ff0000 url(${RED_PNG}) repeat;width:200px;height:40px">&nbsp;</td></tr></table></td></tr></table>`,
    ),
    client: 'OL2019',
    shows: (px) => noRed(px) && px.count(isBlue) > 1000,
    control: APPLE,
    images,
  },
  {
    id: 'outlook-css/an-rgb-colour-with-an-alpha-value-is',
    html: html(
      cell(
        'background-color:rgb(255, 0, 0, 0.9);width:200px;height:40px',
        '&nbsp;',
        'bgcolor="#0000ff"',
      ),
    ),
    client: 'OL2019',
    shows: (px) => px.count(isBlue) > 1000,
    control: APPLE,
  },
  {
    id: 'outlook-css/rem-font-sizes-are-not-supported',
    html: html(`<p style="font-size:4rem;color:#ff0000;margin:0;line-height:normal">H</p>`),
    client: 'OL2019',
    shows: (px) => boxHeight(px, isRed) < 30,
    control: APPLE,
  },
  {
    id: 'outlook-css/text-transform-lowercase-is-not-supported',
    html: html(
      `<p style="font-size:40px;margin:0;font-family:Arial"><span style="color:#ff0000;text-transform:lowercase">AAAA</span><br><span style="color:#0000ff">aaaa</span></p>`,
    ),
    client: 'OL2019',
    shows: (px) => boxWidth(px, isRed) > boxWidth(px, isBlue) + 10,
    control: APPLE,
  },
  {
    id: 'outlook-css/a-line-height-under-the-font-size-is',
    html: html(`<div style="font-size:40px;line-height:10px;background-color:#ff0000">x</div>`),
    client: 'OL2019',
    shows: (px) => boxHeight(px, isRed) >= 40,
    control: APPLE,
  },
  {
    id: 'outlook-css/mso-line-height-alt-sets-the-line-height',
    html: html(
      cell(
        'background-color:#ff0000;font-size:10px;line-height:10px;mso-line-height-alt:60px;mso-line-height-rule:exactly',
        'x',
      ),
    ),
    client: 'OL2019',
    shows: (px) => boxHeight(px, isRed) >= 58,
    control: APPLE,
  },
  {
    id: 'outlook-css/mso-text-raise-raises-text-and-grows-its',
    html: html(
      cell('background-color:#ff0000;font-size:16px', '<span style="mso-text-raise:30px">x</span>'),
    ),
    client: 'OL2019',
    shows: (px) => boxHeight(px, isRed) >= 45,
    control: APPLE,
  },
  {
    id: 'outlook-css/mso-hide-all-hides-content',
    html: html(cell('background-color:#ff0000;width:200px;height:40px;mso-hide:all')),
    client: 'OL2019',
    shows: noRed,
    control: APPLE,
  },
  {
    id: 'outlook-css/a-stack-that-begins-with-a-web-font',
    html: html(
      `<p style="font-family:Brand, 'Liberation Mono', monospace;font-size:40px;color:#ff0000;margin:0">iiiiiiiiii</p>`,
      `<style>@font-face { font-family: Brand; src: url(https://fonts.test/brand.woff2) }</style>`,
    ),
    client: 'OL2016',
    shows: (px) => boxWidth(px, isRed) < 180,
    control: ['OL2019', 'APPMAIL15'],
  },
  {
    id: 'outlook-css/css-width-on-an-image-is-ignored-it',
    html: html(`<img src="${WIDE_PNG}" style="width:100px" alt="">`),
    client: 'OL2019',
    shows: (px) => boxWidth(px, isRed) >= 790,
    control: APPLE,
    images,
  },
  {
    id: 'outlook-css/a-percentage-width-attribute-on-an-image-is',
    html: html(
      `<table width="400" cellpadding="0" cellspacing="0"><tr><td><img src="${WIDE_PNG}" width="25%" alt=""></td></tr></table>`,
    ),
    client: 'OL2019',
    shows: (px) => Math.abs(boxWidth(px, isRed) - 300) <= 2,
    control: APPLE,
    images,
  },
  {
    id: 'outlook-css/html-width-attributes-do-not-scale-at-120',
    html: html(
      `<table width="400" cellpadding="0" cellspacing="0"><tr><td bgcolor="#ff0000" height="20"></td></tr></table><table style="width:400px" cellpadding="0" cellspacing="0"><tr><td bgcolor="#0000ff" height="20"></td></tr></table>`,
    ),
    client: 'OL2019DPI120',
    shows: (px) => Math.abs(boxWidth(px, isRed) / boxWidth(px, isBlue) - 0.8) < 0.02,
    control: ['OL2019'],
  },
  {
    id: 'outlook-css/a-base64-gif-is-not-rendered',
    html: html(`<img src="${RED_GIF_1PX}" width="60" height="60" alt="">`),
    client: 'OL2019',
    shows: noRed,
    control: APPLE,
  },
  {
    id: 'outlook-css/inline-svg-is-not-rendered',
    html: html(
      `<svg width="100" height="60"><rect width="100" height="60" fill="#ff0000"></rect></svg>`,
    ),
    client: 'OL2019',
    shows: noRed,
    control: APPLE,
  },
  {
    id: 'outlook-css/a-style-block-styles-only-the-elements-after-it',
    // one box before the block, one after: Word styles only the second
    html: html(`${BLUE_CELL}<style>.a { background: #0000ff }</style>${BLUE_CELL}`),
    client: 'OL2019',
    shows: (px) => boxHeight(px, isBlue) === 40,
    control: APPLE,
  },
];

export const PROBE_GROUPS: ProbeGroup[] = [
  { name: "Outlook for Windows: Word's CSS model", probes: cssModel },
];
