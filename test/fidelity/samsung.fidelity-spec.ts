import type { Pixels } from '../support/pixels';
import { isGreen, isRed } from '../support/pixels';
import { boxHeight, boxWidth, describeProbes, html, Probe } from './probe';

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
    behaviour: 'a 768px-wide email is shrunk to fit the 384px screen',
    source: 'email-bugs#73 (auto fit); voidlabs/versafix-template#37',
    html: html('<div style="width:768px;height:40px;background:#00ff00">&nbsp;</div>'),
    client: 'SAMSUNGMAIL',
    shows: (px) => Math.abs(boxWidth(px, isGreen, SAMSUNG_SCALE) - 384) <= 2,
    control: ['APPMAIL16'],
  },
  {
    behaviour: 'a width="600" attribute makes it lay out at 600px and shrink: a 40px row is 26px',
    source: 'email-bugs#73: "width=600 will add the meta viewport when autofit is on"',
    html: html(table('600')),
    client: 'SAMSUNGMAIL',
    shows: (px: Pixels) => {
      const height = boxHeight(px, isRed, SAMSUNG_SCALE);
      return height >= 23 && height <= 28;
    },
    control: ['IPHONE15'],
  },
  {
    behaviour: 'with a width="600" attribute the max-width:480px media query does not apply',
    source: 'email-bugs#73 (Samsung not responsive when a width attribute is used)',
    html: html(table('600'), RESPONSIVE),
    client: 'SAMSUNGMAIL',
    shows: (px) => px.count(isRed) > 500 && px.count(isGreen) === 0,
    control: ['IPHONE15'],
  },
  {
    behaviour: 'an email no wider than the screen stays responsive',
    source: 'voidlabs/versafix-template#37 (auto fit follows the widest declared width)',
    html: html(table('320'), RESPONSIVE),
    client: 'SAMSUNGMAIL',
    shows: (px) => px.count(isGreen) > 500,
    control: ['APPMAIL16'],
  },
];

describeProbes('Samsung Mail', probes);
