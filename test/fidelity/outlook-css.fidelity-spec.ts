import { isBlue, isRed } from '../support/pixels';
import {
  APPLE,
  box,
  hasRed,
  images,
  noRed,
  RED_GIF_1PX,
  RED_PNG,
  WIDE_PNG,
} from './outlook-fixtures';
import { boxHeight, boxWidth, describeProbes, html, Probe } from './probe';

// Outlook for Windows (Word engine), FIDELITY.md "the model to emulate" 4: Word's CSS model,
// from caniemail's notes (feature and note number) and the public bug trackers.
const cell = (style: string, content = '&nbsp;', attributes = '') =>
  `<table cellpadding="0" cellspacing="0"><tr><td ${attributes} style="${style}">${content}</td></tr></table>`;

const boxModel: Probe[] = [
  {
    behaviour: 'mso-padding-alt pads a cell',
    source: 'Microsoft Office HTML and XML Reference: mso-padding-alt; MJML mj-button',
    html: html(
      cell('background-color:#ff0000;mso-padding-alt:40px 0;font-size:10px;line-height:10px', 'x'),
    ),
    client: 'OL2019',
    shows: (px) => boxHeight(px, isRed) >= 85,
    control: APPLE,
  },
  {
    behaviour: 'padding on a div is ignored (only table cells take padding)',
    source: 'caniemail css-padding #1',
    html: html(
      `<div style="padding:40px;background-color:#ff0000;font-size:10px;line-height:10px">x</div>`,
    ),
    client: 'OL2019',
    shows: (px) => boxHeight(px, isRed) < 40,
    control: APPLE,
  },
  {
    behaviour: 'width on a div is ignored: it spans the pane',
    source: 'caniemail css-width #1',
    html: html(`<div style="width:200px;background-color:#ff0000;font-size:10px">x</div>`),
    client: 'OL2019',
    shows: (px) => boxWidth(px, isRed) > 700,
    control: APPLE,
  },
  {
    behaviour: 'height on a div is ignored',
    source: 'caniemail css-height #2',
    html: html(
      `<div style="height:100px;background-color:#ff0000;font-size:10px;line-height:10px">x</div>`,
    ),
    client: 'OL2019',
    shows: (px) => boxHeight(px, isRed) < 50,
    control: APPLE,
  },
  {
    behaviour: 'max-width is not supported in Outlook 2016',
    source: 'caniemail css-max-width (n for 2016)',
    html: html(
      `<table width="100%" style="max-width:200px"><tr><td bgcolor="#ff0000" height="20"></td></tr></table>`,
    ),
    client: 'OL2016',
    shows: (px) => boxWidth(px, isRed) > 700,
    control: ['OL2019', 'APPMAIL15'],
  },
  {
    behaviour: 'margin:auto does not centre',
    source: 'caniemail css-margin #4',
    html: html(
      `<table width="200" style="margin:0 auto"><tr><td bgcolor="#ff0000" height="20"></td></tr></table>`,
    ),
    client: 'OL2019',
    shows: (px) => (box(px, isRed)?.left ?? 999) < 20,
    control: APPLE,
  },
  {
    behaviour: 'a negative margin is ignored',
    source: 'caniemail css-margin #1',
    html: html(
      `<table width="200" cellpadding="0" cellspacing="0"><tr><td bgcolor="#0000ff" height="40"></td></tr></table><table width="200" cellpadding="0" cellspacing="0" style="margin-top:-20px"><tr><td bgcolor="#ff0000" height="40"></td></tr></table>`,
    ),
    client: 'OL2019',
    shows: (px) => (box(px, isRed)?.top ?? 0) >= 38,
    control: APPLE,
  },
  {
    behaviour: 'a border is at most 8px wide',
    source: 'caniemail css-border #1',
    html: html(cell('border:30px solid #ff0000;width:100px;height:20px')),
    client: 'OL2019',
    shows: (px) => boxWidth(px, isRed) < 125,
    control: APPLE,
  },
  {
    behaviour: 'border-radius is not drawn: corners stay square',
    source: 'caniemail css-border-radius',
    html: html(cell('background-color:#ff0000;border-radius:20px;width:200px;height:60px')),
    client: 'OL2019',
    shows: (px) => {
      const red = box(px, isRed);
      return !!red && isRed(px.at(red.left + 1, red.top + 1));
    },
    control: APPLE,
  },
  {
    behaviour: 'every cell of a row takes the largest vertical padding',
    source: 'caniemail css-padding #2',
    html: html(
      `<table cellpadding="0" cellspacing="0"><tr><td bgcolor="#0000ff" colspan="2" height="10"></td></tr><tr><td style="padding:40px 0" width="50">a</td><td valign="top" width="100"><div style="background:#ff0000;height:10px;line-height:10px;font-size:10px">&nbsp;</div></td></tr></table>`,
    ),
    client: 'OL2019',
    shows: (px) => (box(px, isRed)?.top ?? 0) - (box(px, isBlue)?.bottom ?? 0) >= 38,
    control: APPLE,
  },
  {
    behaviour: 'a floating table keeps 0.13in from the text beside it, so a second one wraps',
    source: 'Microsoft Office HTML and XML Reference: mso-table-lspace, mso-table-rspace',
    html: html(
      `<table width="780" cellpadding="0" cellspacing="0"><tr><td><table align="left" width="390" cellpadding="0" cellspacing="0"><tr><td bgcolor="#ff0000" height="20"></td></tr></table><table align="left" width="390" cellpadding="0" cellspacing="0"><tr><td bgcolor="#0000ff" height="20"></td></tr></table></td></tr></table>`,
    ),
    client: 'OL2019',
    shows: (px) => (box(px, isBlue)?.top ?? 0) > (box(px, isRed)?.bottom ?? 99),
    control: APPLE,
  },
];

const cssModel: Probe[] = [
  {
    behaviour: '!important in a style attribute makes Outlook ignore the declaration',
    source: 'caniemail css-important #5 (email-bugs#31)',
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
    behaviour: '!important without a space before it loses its importance',
    source: 'caniemail css-important #4',
    html: html(
      cell('background-color:#0000ff;width:200px;height:40px', '&nbsp;', 'class="x"'),
      `<style>.x { background-color: #ff0000!important }</style>`,
    ),
    client: 'OL2019',
    shows: (px) => noRed(px) && px.count(isBlue) > 1000,
    control: APPLE,
  },
  {
    behaviour: 'only the first class of an element applies',
    source: 'hteumeuleu/email-bugs#75',
    html: html(
      cell('width:200px;height:40px', '&nbsp;', 'class="a b"'),
      `<style>.a { background-color: #ff0000 } .b { background-color: #0000ff }</style>`,
    ),
    client: 'OL2019',
    shows: hasRed,
    control: APPLE,
  },
  {
    behaviour: 'display:none on an image does not hide it',
    source: 'caniemail css-display-none #2',
    html: html(`<img src="${RED_PNG}" width="100" height="40" style="display:none" alt="">`),
    client: 'OL2019',
    shows: hasRed,
    control: APPLE,
    images,
  },
  {
    behaviour: 'display:none does not hide a nested table',
    source: 'caniemail css-display-none #1',
    html: html(
      `<div style="display:none">hidden text${cell('background-color:#ff0000;width:200px;height:40px')}</div>`,
    ),
    client: 'OL2019',
    shows: hasRed,
    control: APPLE,
  },
  {
    behaviour: 'display:block is not supported: inline elements stay on one line',
    source: 'caniemail css-display #5',
    html: html(
      `<p style="font-size:20px;margin:0"><span style="display:block;color:#ff0000">AAAA</span><span style="color:#0000ff">BBBB</span></p>`,
    ),
    client: 'OL2019',
    shows: (px) => Math.abs((box(px, isRed)?.top ?? 0) - (box(px, isBlue)?.top ?? 99)) <= 3,
    control: APPLE,
  },
  {
    behaviour: 'CSS background-image is not shown; the bgcolor is',
    source: 'caniemail css-background-image #5 (use VML)',
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
    behaviour: 'the background attribute works only on <body>',
    source: 'caniemail html-background #2',
    html: html(
      `<table><tr><td background="${RED_PNG}" bgcolor="#0000ff" width="200" height="40">&nbsp;</td></tr></table>`,
    ),
    client: 'OL2019',
    shows: (px) => noRed(px) && px.count(isBlue) > 1000,
    control: APPLE,
    images,
  },
  {
    behaviour: 'a background shorthand that names an image is dropped whole, colour included',
    source: 'caniemail css-background #3; mjmlio/mjml#1747, #502',
    html: html(
      `<table cellpadding="0" cellspacing="0"><tr><td bgcolor="#0000ff"><table cellpadding="0" cellspacing="0"><tr><td style="background:#ff0000 url(${RED_PNG}) repeat;width:200px;height:40px">&nbsp;</td></tr></table></td></tr></table>`,
    ),
    client: 'OL2019',
    shows: (px) => noRed(px) && px.count(isBlue) > 1000,
    control: APPLE,
    images,
  },
  {
    behaviour: 'an rgb() colour with an alpha value is not applied',
    source: 'caniemail css-rgb #1',
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
    behaviour: 'rem font sizes are not supported',
    source: 'caniemail css-font-size (rem note)',
    html: html(`<p style="font-size:4rem;color:#ff0000;margin:0;line-height:normal">H</p>`),
    client: 'OL2019',
    shows: (px) => boxHeight(px, isRed) < 30,
    control: APPLE,
  },
  {
    behaviour: 'text-transform: lowercase is not supported',
    source: 'caniemail css-text-transform (lowercase note)',
    html: html(
      `<p style="font-size:40px;margin:0;font-family:Arial"><span style="color:#ff0000;text-transform:lowercase">AAAA</span><br><span style="color:#0000ff">aaaa</span></p>`,
    ),
    client: 'OL2019',
    shows: (px) => boxWidth(px, isRed) > boxWidth(px, isBlue) + 10,
    control: APPLE,
  },
  {
    behaviour:
      'a line height under the font size is a minimum without mso-line-height-rule: exactly',
    source: 'caniemail css-line-height #1; Microsoft: mso-line-height-rule',
    html: html(`<div style="font-size:40px;line-height:10px;background-color:#ff0000">x</div>`),
    client: 'OL2019',
    shows: (px) => boxHeight(px, isRed) >= 40,
    control: APPLE,
  },
  {
    behaviour: 'mso-line-height-alt sets the line height',
    source: 'Microsoft Office HTML and XML Reference: mso-line-height-alt',
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
    behaviour: 'mso-text-raise raises text and grows its line (the padding trick of buttons)',
    source: 'Microsoft Office HTML and XML Reference: mso-text-raise',
    html: html(
      cell('background-color:#ff0000;font-size:16px', '<span style="mso-text-raise:30px">x</span>'),
    ),
    client: 'OL2019',
    shows: (px) => boxHeight(px, isRed) >= 45,
    control: APPLE,
  },
  {
    behaviour: 'mso-hide: all hides content',
    source: 'Microsoft Office HTML and XML Reference: mso-hide',
    html: html(cell('background-color:#ff0000;width:200px;height:40px;mso-hide:all')),
    client: 'OL2019',
    shows: noRed,
    control: APPLE,
  },
  {
    behaviour: 'a stack that begins with a web font falls back to Times New Roman in Outlook 2016',
    source: 'caniemail css-at-font-face #5',
    html: html(
      `<p style="font-family:Brand, 'Liberation Mono', monospace;font-size:40px;color:#ff0000;margin:0">iiiiiiiiii</p>`,
      `<style>@font-face { font-family: Brand; src: url(https://fonts.test/brand.woff2) }</style>`,
    ),
    client: 'OL2016',
    shows: (px) => boxWidth(px, isRed) < 180,
    control: ['OL2019', 'APPMAIL15'],
  },
  {
    behaviour: 'CSS width on an image is ignored: it shows at its file size',
    source: 'caniemail css-width #1',
    html: html(`<img src="${WIDE_PNG}" style="width:100px" alt="">`),
    client: 'OL2019',
    shows: (px) => boxWidth(px, isRed) >= 790,
    control: APPLE,
    images,
  },
  {
    behaviour: "a percentage width attribute on an image is a share of the file's width",
    source: 'caniemail html-width #1',
    html: html(
      `<table width="400" cellpadding="0" cellspacing="0"><tr><td><img src="${WIDE_PNG}" width="25%" alt=""></td></tr></table>`,
    ),
    client: 'OL2019',
    shows: (px) => Math.abs(boxWidth(px, isRed) - 300) <= 2,
    control: APPLE,
    images,
  },
  {
    behaviour: 'HTML width attributes do not scale at 120 DPI while CSS widths do',
    source: 'caniemail html-width #2',
    html: html(
      `<table width="400" cellpadding="0" cellspacing="0"><tr><td bgcolor="#ff0000" height="20"></td></tr></table><table style="width:400px" cellpadding="0" cellspacing="0"><tr><td bgcolor="#0000ff" height="20"></td></tr></table>`,
    ),
    client: 'OL2019DPI120',
    shows: (px) => Math.abs(boxWidth(px, isRed) / boxWidth(px, isBlue) - 0.8) < 0.02,
    control: ['OL2019'],
  },
  {
    behaviour: 'a base64 GIF is not rendered',
    source: 'caniemail image-base64 #1',
    html: html(`<img src="${RED_GIF_1PX}" width="60" height="60" alt="">`),
    client: 'OL2019',
    shows: noRed,
    control: APPLE,
  },
  {
    behaviour: 'inline SVG is not rendered',
    source: 'caniemail html-svg',
    html: html(
      `<svg width="100" height="60"><rect width="100" height="60" fill="#ff0000"></rect></svg>`,
    ),
    client: 'OL2019',
    shows: noRed,
    control: APPLE,
  },
];

describeProbes('Outlook for Windows: box model', boxModel);
describeProbes("Outlook for Windows: Word's CSS model", cssModel);
