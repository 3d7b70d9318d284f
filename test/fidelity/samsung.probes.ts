import type { Pixels } from '../support/pixels';
import { isGreen, isRed } from '../support/pixels';
import { boxHeight, boxWidth, html, Probe, type ProbeGroup } from './probe';

// Samsung Mail: auto fit (on by default), which lays a wide email out at its widest declared
// width and shrinks it to the screen, so its media queries see that width
// (docs/fidelity.md#samsung-email).
const SAMSUNG_SCALE = 2.8125;
const RESPONSIVE =
  '<style>@media (max-width: 480px) { .m { background: #00ff00 !important } }</style>';
const table = (width: string) =>
  `<table width="${width}" style="width:100%" cellpadding="0" cellspacing="0"><tr><td class="m" style="background:#ff0000;height:40px">&nbsp;</td></tr></table>`;

const probes: Probe[] = [
  {
    id: 'samsung/a-touch-screen-matches-hover-none',
    html: html(
      '<div class="a" style="height:40px">&nbsp;</div>',
      '<style>@media (hover: none) { .a { background: #00ff00 } }</style>',
    ),
    client: 'SAMSUNGMAIL',
    shows: (px) => px.count(isGreen) > 500,
    control: ['CHROMEOUTLOOKCOM'],
  },
  {
    id: 'samsung/a-768px-wide-email-is-shrunk-to-fit',
    html: html('<div style="width:768px;height:40px;background:#00ff00">&nbsp;</div>'),
    client: 'SAMSUNGMAIL',
    shows: (px) => Math.abs(boxWidth(px, isGreen, SAMSUNG_SCALE) - 384) <= 2,
    control: ['APPMAIL16'],
  },
  {
    id: 'samsung/a-width-600-attribute-makes-it-lay-out',
    html: html(table('600')),
    client: 'SAMSUNGMAIL',
    shows: (px: Pixels) => {
      const height = boxHeight(px, isRed, SAMSUNG_SCALE);
      return height >= 23 && height <= 28;
    },
    control: ['IPHONE15'],
  },
  {
    id: 'samsung/with-a-width-600-attribute-the-max-width',
    html: html(table('600'), RESPONSIVE),
    client: 'SAMSUNGMAIL',
    shows: (px) => px.count(isRed) > 500 && px.count(isGreen) === 0,
    control: ['IPHONE15'],
  },
  {
    id: 'samsung/an-email-no-wider-than-the-screen-stays',
    html: html(table('320'), RESPONSIVE),
    client: 'SAMSUNGMAIL',
    shows: (px) => px.count(isGreen) > 500,
    control: ['APPMAIL16'],
  },
  {
    id: 'samsung/inset-is-not-applied',
    html: html(
      '<div style="position:relative;width:200px;height:100px"><div style="position:absolute;inset:0;background:#00ff00"></div></div>',
    ),
    client: 'SAMSUNGMAIL',
    shows: (px) => px.count(isGreen) === 0,
    control: ['APPMAIL16'],
  },
];

export const PROBE_GROUPS: ProbeGroup[] = [{ name: 'Samsung Mail', probes: probes }];
