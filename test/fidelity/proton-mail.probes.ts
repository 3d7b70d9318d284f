import { isBlue, isGreen, type Pixels } from '../support/pixels';
import {
  boxHeight,
  GREEN_BOX,
  hasGreen,
  html,
  noGreen,
  page,
  Probe,
  reported,
  style,
  type ProbeGroup,
} from './probe';

// Proton Mail on the web: what its own client code does to an email before showing it
// (ProtonMail/WebClients; src/rendering/families/protonmail/README.md), and the style blocks
// its retests show working where caniemail's 2020 values say otherwise.
const top = (pixels: Pixels, test: typeof isGreen) => pixels.bounds(test)?.top ?? -1;

const probes: Probe[] = [
  {
    id: 'proton-mail/class-and-child-selectors-of-a-head-style',
    html: html(`<div class="x">${GREEN_BOX}</div>`, style('.x > .a { background: #00ff00 }')),
    client: 'PROTONMAIL',
    shows: hasGreen,
    control: ['ANDROIDGMAILIMAP'],
  },
  {
    id: 'proton-mail/position-absolute-becomes-relative-and-its-offsets-are',
    html: html(
      '<div style="height:100px">&nbsp;</div><div style="position:absolute;top:0;left:0;width:100px;height:40px;background:#00ff00">&nbsp;</div>',
    ),
    client: 'PROTONMAIL',
    shows: (px, result) => top(px, isGreen) >= 100 && reported(result, /absolute becomes relative/),
    control: ['APPMAIL16'],
  },
  {
    id: 'proton-mail/a-percentage-height-is-unset-the-box-is',
    html: html(
      '<div style="height:300px"><div style="height:50%;background:#00ff00">&nbsp;</div></div>',
    ),
    client: 'PROTONMAIL',
    shows: (px) => boxHeight(px, isGreen) > 0 && boxHeight(px, isGreen) < 60,
    control: ['APPMAIL16'],
  },
  {
    id: 'proton-mail/a-media-query-on-the-height-is-removed',
    html: html(GREEN_BOX, style('@media (min-height: 100px) { .a { background: #00ff00 } }')),
    client: 'PROTONMAIL',
    shows: noGreen,
    control: ['APPMAIL16'],
  },
  {
    id: 'proton-mail/a-negative-margin-in-a-style-attribute-is',
    html: html(
      '<div style="height:60px;background:#0000ff">&nbsp;</div><div style="margin-top:-60px;height:40px;background:#00ff00">&nbsp;</div>',
    ),
    client: 'PROTONMAIL',
    shows: (px) => top(px, isGreen) > (px.bounds(isBlue)?.bottom ?? Infinity),
    control: ['APPMAIL16'],
  },
  {
    id: 'proton-mail/the-body-s-style-stays-on-a-div',
    html: page('<p>Short</p>', 'style="background:#00ff00"'),
    client: 'PROTONMAIL',
    shows: (px) => hasGreen(px) && boxHeight(px, isGreen) < 200,
    control: ['APPMAIL16', 'GMAILNEW'],
  },
  {
    id: 'proton-mail/text-has-the-page-line-height-of-1',
    html: html('<div style="font-size:40px;background:#00ff00">x</div>'),
    client: 'PROTONMAIL',
    shows: (px) => Math.abs(boxHeight(px, isGreen) - 60) <= 1,
    control: ['APPMAIL16'],
  },
];

export const PROBE_GROUPS: ProbeGroup[] = [{ name: 'Proton Mail', probes: probes }];
