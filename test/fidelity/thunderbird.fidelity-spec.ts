import { describeProbes, GREEN_BOX, hasGreen, html, noGreen, Probe, style } from './probe';

// Thunderbird's message view before Gecko draws (src/rendering/families/thunderbird): its
// wrapper div, the conditional CSS it drops from 73 on, and quirks mode before 105.
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
];

describeProbes('Thunderbird', probes);
