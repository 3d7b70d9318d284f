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
    behaviour: 'a chain of classes (.a.b) matches nothing: only .a is prefixed',
    source: 'email-bugs#61; caniemail css-selector-chaining #4',
    html: html(GREEN_BOX, style('.a.b { background: #00ff00 }')),
    client: 'OUTLOOKCOM',
    shows: noGreen,
    control: ['APPMAIL16'],
  },
  {
    behaviour: 'the new Outlook for Windows breaks a chain of classes the same way',
    source: 'email-bugs#106; caniemail css-selector-chaining #4',
    html: html(GREEN_BOX, style('.a.b { background: #00ff00 }')),
    client: 'OUTLOOKNEWWIN',
    shows: noGreen,
    control: ['APPMAIL16'],
  },
  {
    behaviour: 'an id chained with a class (#m.b) matches nothing',
    source: 'email-bugs#61',
    html: html(GREEN_BOX, style('#m.b { background: #00ff00 }')),
    client: 'OFFICE365',
    shows: noGreen,
    control: ['APPMAIL16'],
  },
  {
    behaviour: 'every selector of a list is prefixed, so .x, .a keeps matching',
    source: 'email-bugs#106',
    html: html(GREEN_BOX, style('.x, .a { background: #00ff00 }')),
    client: 'OUTLOOKCOM',
    shows: hasGreen,
    control: ['ANDROIDGMAILIMAP'],
  },
  {
    behaviour: 'an attribute selector on class stays unprefixed and misses the x_ class',
    source: 'caniemail css-selector-attribute #3',
    html: html(GREEN_BOX, style('[class~="a"] { background: #00ff00 }')),
    client: 'OUTLOOKCOM',
    shows: noGreen,
    control: ['APPMAIL16'],
  },
  {
    behaviour: 'an attribute-only ancestor is filtered out: [owa] .a applies to .a',
    source: 'email-bugs#38',
    html: html(GREEN_BOX, style('[owa] .a { background: #00ff00 }')),
    client: 'OUTLOOKCOM',
    shows: hasGreen,
    control: ['APPMAIL16'],
  },
  {
    behaviour: "the body's inline background is stripped",
    source: 'resend/react-email#1946; caniemail html-body #1',
    html: page('<p>Hello</p>', 'style="margin:0; background:#00ff00"'),
    client: 'OUTLOOKCOM',
    shows: noGreen,
    control: ['APPMAIL16'],
  },
  {
    behaviour:
      'a body rule styles the div that replaced the body: its background covers the content only',
    source: 'email-bugs#88',
    html: html('<div style="height:40px">&nbsp;</div>', style('body { background: #00ff00 }')),
    client: 'OUTLOOKCOM',
    shows: (px) => {
      const height = boxHeight(px, isGreen);
      return height >= 35 && height <= 80;
    },
    control: ['APPMAIL16'],
  },
  {
    behaviour: 'dark mode darkens light backgrounds (partial inversion)',
    source:
      'Litmus: The Ultimate Guide to Dark Mode for Email Marketers (2019); caniemail css-at-media-prefers-color-scheme #3',
    html: html('<div style="background:#ffffff;height:60px;width:200px">&nbsp;</div>'),
    client: 'CHROMEOUTLOOKCOMDARK',
    shows: (px) => px.count(near([255, 255, 255], 8)) === 0,
    control: ['OUTLOOKCOM'],
  },
];

describeProbes('Outlook.com and new Outlook', probes);
