import { isGreen } from '../support/pixels';
import {
  boxHeight,
  describeProbes,
  hasGreen,
  html,
  near,
  noGreen,
  page,
  Probe,
  style,
} from './probe';

// Outlook.com, Office 365 and the new Outlook for Windows: x_ prefixing and the selectors it
// breaks, the body turned into a div, partial colour inversion
// (docs/fidelity.md#outlook-on-the-web-and-new-outlook).
const GREEN_BOX = '<div class="a b" id="m" style="height:40px">&nbsp;</div>';

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
    id: 'outlook-com/an-attribute-only-ancestor-is-filtered-out-owa',
    html: html(GREEN_BOX, style('[owa] .a { background: #00ff00 }')),
    client: 'OUTLOOKCOM',
    shows: hasGreen,
    control: ['APPMAIL16'],
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
];

describeProbes('Outlook.com and new Outlook', probes);
