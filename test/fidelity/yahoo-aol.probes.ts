import { blueText, images, styledAlt } from './dark-and-images-fixtures';
import { isGreen, isRed } from '../support/pixels';
import {
  boxHeight,
  GREEN_BOX,
  hasGreen,
  html,
  noGreen,
  page,
  Probe,
  style,
  type ProbeGroup,
} from './probe';

// Yahoo Mail and AOL: yiv prefixing and scoping, body and html rules lost, the body's own
// attributes dropped, height read as min-height, media query lists
// (docs/fidelity.md#yahoo-and-aol).
const tallContent =
  '<div style="height:20px;background:#00ff00;font-size:0"><div style="height:60px"></div></div>';
const mediaList = html(
  '<div class="r" style="height:40px">&nbsp;</div><div class="g" style="height:40px">&nbsp;</div>',
  style(
    '.r { background: #ff0000 } @media screen and (max-width: 450px), (orientation: landscape) { .col { display: block } } .g { background: #00ff00 }',
  ),
);

const probes: Probe[] = [
  {
    id: 'yahoo-aol/nested-selectors-apply-to-the-parent',
    html: html(
      '<div class="a" style="height:40px">&nbsp;</div>',
      style('.a { background: #ff0000; .b { background: #00ff00 } }'),
    ),
    client: 'YAHOO',
    shows: hasGreen,
    control: ['APPMAIL16'],
  },
  {
    id: 'yahoo-aol/height-is-read-as-min-height-a-20px',
    html: html(tallContent),
    client: 'YAHOO',
    shows: (px) => boxHeight(px, isGreen) >= 55,
    control: ['APPMAIL16'],
  },
  {
    id: 'yahoo-aol/aol-reads-height-as-min-height-too',
    html: html(tallContent),
    client: 'AOLONLINE',
    shows: (px) => boxHeight(px, isGreen) >= 55,
    control: ['APPMAIL16'],
  },
  {
    id: 'yahoo-aol/class-rules-keep-working-once-prefixed-and-scoped',
    html: html(GREEN_BOX, style('.a { background: #00ff00 }')),
    client: 'YAHOO',
    shows: hasGreen,
    control: ['ANDROIDGMAILIMAP'],
  },
  {
    id: 'yahoo-aol/a-body-rule-is-scoped-under-the-message',
    html: html('<p>Hello</p>', style('body { background: #00ff00 }')),
    client: 'YAHOO',
    shows: noGreen,
    control: ['APPMAIL16'],
  },
  {
    id: 'yahoo-aol/the-body-s-inline-background-is-removed-with',
    html: page('<p>Hello</p>', 'style="margin:0; background:#00ff00"'),
    client: 'YAHOO',
    shows: noGreen,
    control: ['APPMAIL16'],
  },
  {
    id: 'yahoo-aol/aol-drops-the-body-s-bgcolor',
    html: page('<p>Hello</p>', 'bgcolor="#00ff00"'),
    client: 'AOLONLINE',
    shows: noGreen,
    control: ['APPMAIL16'],
  },
  {
    id: 'yahoo-aol/a-media-query-list-comma-cuts-the-rest',
    html: mediaList,
    client: 'YAHOO',
    shows: (px) => px.count(isRed) > 500 && noGreen(px),
    control: ['APPMAIL16'],
  },
  {
    id: 'yahoo-aol/aol-cuts-the-style-block-at-a-media',
    html: mediaList,
    client: 'CHROMEAOLONLINE',
    shows: (px) => px.count(isRed) > 500 && noGreen(px),
    control: ['APPMAIL16'],
  },
  {
    id: 'yahoo-aol/a-semicolon-in-an-attribute-selector-breaks-the-rest',
    html: html(GREEN_BOX, style('div[title="a;b"] { color: #000000 } .a { background: #00ff00 }')),
    client: 'YAHOO',
    shows: noGreen,
    control: ['APPMAIL16'],
  },
  {
    id: 'yahoo-aol/only-attr-equals-value-attribute-selectors',
    html: html(
      '<div class="a" title="x" style="height:40px">&nbsp;</div>',
      style('div[title] { background: #00ff00 } div[title^="x"] { background: #00ff00 }'),
    ),
    client: 'YAHOO',
    shows: noGreen,
    control: ['APPMAIL16'],
  },
  {
    id: 'yahoo-aol/an-exact-class-attribute-selector-still-matches',
    html: html(
      '<table width="100%"><tr><td class="a" style="height:40px;background:#ff0000">&nbsp;</td></tr></table>',
      style('td[class="a"] { background: #00ff00 !important }'),
    ),
    client: 'YAHOO',
    shows: (px) => hasGreen(px) && px.count(isRed) === 0,
    control: ['OUTLOOKCOM'],
  },
];

const darkAndImagesOff: Probe[] = [
  {
    id: 'yahoo-aol/with-images-off-the-alt-text-shows-in-the-image-s-box',
    html: styledAlt,
    client: 'YAHOO',
    options: { images: 'blocked' },
    shows: (px) => blueText(px) && px.count(isRed) === 0,
    control: ['OL2019'],
    images,
  },
];

export const PROBE_GROUPS: ProbeGroup[] = [
  { name: 'Yahoo and AOL', probes: probes },
  { name: 'Yahoo and AOL: images off', probes: darkAndImagesOff },
];
