import { isBlue, isRed } from '../support/pixels';
import { APPLE, box, cell } from './outlook-fixtures';
import { boxHeight, boxWidth, html, Probe, type ProbeGroup } from './probe';

// Outlook for Windows (Word engine), docs/fidelity.md#outlook-for-windows-word-engine item 4:
// Word's box model (padding, margins, widths, heights), from caniemail's notes (feature and
// note number) and the public bug trackers.
const boxModel: Probe[] = [
  {
    id: 'outlook-box-model/mso-padding-alt-pads-a-cell',
    html: html(
      cell('background-color:#ff0000;mso-padding-alt:40px 0;font-size:10px;line-height:10px', 'x'),
    ),
    client: 'OL2019',
    shows: (px) => boxHeight(px, isRed) >= 85,
    control: APPLE,
  },
  {
    id: 'outlook-box-model/padding-on-a-div-is-ignored-only-table',
    html: html(
      `<div style="padding:40px;background-color:#ff0000;font-size:10px;line-height:10px">x</div>`,
    ),
    client: 'OL2019',
    shows: (px) => boxHeight(px, isRed) < 40,
    control: APPLE,
  },
  {
    id: 'outlook-box-model/width-on-a-div-is-ignored-it-spans',
    html: html(`<div style="width:200px;background-color:#ff0000;font-size:10px">x</div>`),
    client: 'OL2019',
    shows: (px) => boxWidth(px, isRed) > 700,
    control: APPLE,
  },
  {
    id: 'outlook-box-model/height-on-a-div-is-ignored',
    html: html(
      `<div style="height:100px;background-color:#ff0000;font-size:10px;line-height:10px">x</div>`,
    ),
    client: 'OL2019',
    shows: (px) => boxHeight(px, isRed) < 50,
    control: APPLE,
  },
  {
    id: 'outlook-box-model/max-width-is-not-supported-in-outlook-2016',
    html: html(
      `<table width="100%" style="max-width:200px"><tr><td bgcolor="#ff0000" height="20"></td></tr></table>`,
    ),
    client: 'OL2016',
    shows: (px) => boxWidth(px, isRed) > 700,
    control: ['OL2019', 'APPMAIL15'],
  },
  {
    id: 'outlook-box-model/margin-auto-does-not-centre',
    html: html(
      `<table width="200" style="margin:0 auto"><tr><td bgcolor="#ff0000" height="20"></td></tr></table>`,
    ),
    client: 'OL2019',
    shows: (px) => (box(px, isRed)?.left ?? 999) < 20,
    control: APPLE,
  },
  {
    id: 'outlook-box-model/a-negative-margin-is-ignored',
    html: html(
      `<table width="200" cellpadding="0" cellspacing="0"><tr><td bgcolor="#0000ff" height="40"></td></tr></table><table width="200" cellpadding="0" cellspacing="0" style="margin-top:-20px"><tr><td bgcolor="#ff0000" height="40"></td></tr></table>`,
    ),
    client: 'OL2019',
    shows: (px) => (box(px, isRed)?.top ?? 0) >= 38,
    control: APPLE,
  },
  {
    id: 'outlook-box-model/a-border-is-at-most-8px-wide',
    html: html(cell('border:30px solid #ff0000;width:100px;height:20px')),
    client: 'OL2019',
    shows: (px) => boxWidth(px, isRed) < 125,
    control: APPLE,
  },
  {
    id: 'outlook-box-model/border-radius-is-not-drawn-corners-stay-square',
    html: html(cell('background-color:#ff0000;border-radius:20px;width:200px;height:60px')),
    client: 'OL2019',
    shows: (px) => {
      const red = box(px, isRed);
      return !!red && isRed(px.at(red.left + 1, red.top + 1));
    },
    control: APPLE,
  },
  {
    id: 'outlook-box-model/every-cell-of-a-row-takes-the-largest',
    html: html(
      `<table cellpadding="0" cellspacing="0"><tr><td bgcolor="#0000ff" colspan="2" height="10"></td></tr><tr><td style="padding:40px 0" width="50">a</td><td valign="top" width="100"><div style="background:#ff0000;height:10px;line-height:10px;font-size:10px">&nbsp;</div></td></tr></table>`,
    ),
    client: 'OL2019',
    shows: (px) => (box(px, isRed)?.top ?? 0) - (box(px, isBlue)?.bottom ?? 0) >= 38,
    control: APPLE,
  },
  {
    id: 'outlook-box-model/a-floating-table-keeps-0-13in-from-the',
    html: html(
      `<table width="780" cellpadding="0" cellspacing="0"><tr><td><table align="left" width="390" cellpadding="0" cellspacing="0"><tr><td bgcolor="#ff0000" height="20"></td></tr></table><table align="left" width="390" cellpadding="0" cellspacing="0"><tr><td bgcolor="#0000ff" height="20"></td></tr></table></td></tr></table>`,
    ),
    client: 'OL2019',
    shows: (px) => (box(px, isBlue)?.top ?? 0) > (box(px, isRed)?.bottom ?? 99),
    control: APPLE,
  },
];

export const PROBE_GROUPS: ProbeGroup[] = [
  { name: 'Outlook for Windows: box model', probes: boxModel },
];
