import { GREEN_BOX, hasGreen, html, noGreen, Probe, style, type ProbeGroup } from './probe';

// Thunderbird's message view before Gecko draws (src/rendering/families/thunderbird): its
// wrapper div, the conditional CSS it drops from 73 on, quirks mode before 105, and its own
// release's Gecko.
const probes: Probe[] = [
  {
    id: 'thunderbird/the-body-content-sits-in-a-moz-text-html-div',
    html: html(GREEN_BOX, style('.moz-text-html .a { background: #00ff00 }')),
    client: 'THUNDERBIRDLATEST',
    shows: hasGreen,
    control: ['APPMAIL16'],
  },
  {
    id: 'thunderbird/conditional-rules-are-dropped-from-style-blocks-from-73',
    html: html(GREEN_BOX, style('@media screen { .a { background: #00ff00 } }')),
    client: 'THUNDERBIRD128',
    shows: noGreen,
    control: ['THUNDERBIRDLATEST'],
  },
  {
    id: 'thunderbird/a-style-media-attribute-is-kept-from-73',
    html: html(GREEN_BOX, '<style media="screen">.a { background: #00ff00 }</style>'),
    client: 'THUNDERBIRD128',
    shows: hasGreen,
    control: ['ANDROIDGMAILIMAP'],
  },
  {
    id: 'thunderbird/messages-are-drawn-in-quirks-mode-before-105',
    // the hashless colour quirk: `00ff00` is a colour in quirks mode only
    html: html('<div style="height:40px;background-color:00ff00">&nbsp;</div>'),
    client: 'THUNDERBIRDLATEST',
    shows: hasGreen,
    control: ['THUNDERBIRD128', 'APPMAIL16'],
  },
  {
    id: 'thunderbird/what-its-gecko-lacked-is-not-drawn',
    // aspect-ratio alone gives the empty box its height: Gecko 60 had none (Firefox 89 added it)
    html: html('<div style="width:200px;aspect-ratio:2/1;background:#00ff00"></div>'),
    client: 'THUNDERBIRDLATEST',
    shows: noGreen,
    control: ['THUNDERBIRD128'],
  },
];

export const PROBE_GROUPS: ProbeGroup[] = [{ name: 'Thunderbird', probes: probes }];
