import { isGreen, isRed } from '../support/pixels';
import {
  boxHeight,
  describeProbes,
  GREEN_BOX,
  hasGreen,
  html,
  noGreen,
  page,
  Probe,
  style,
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
    behaviour: 'height is read as min-height: a 20px box grows to its 60px content',
    source: 'email-bugs#9; caniemail css-height #1',
    html: html(tallContent),
    client: 'YAHOO',
    shows: (px) => boxHeight(px, isGreen) >= 55,
    control: ['APPMAIL16'],
  },
  {
    behaviour: 'AOL reads height as min-height too',
    source: 'caniemail css-height #1',
    html: html(tallContent),
    client: 'AOLONLINE',
    shows: (px) => boxHeight(px, isGreen) >= 55,
    control: ['APPMAIL16'],
  },
  {
    behaviour: 'class rules keep working once prefixed and scoped',
    source: 'email-bugs#49 (#yiv… .yiv…box)',
    html: html(GREEN_BOX, style('.a { background: #00ff00 }')),
    client: 'YAHOO',
    shows: hasGreen,
    control: ['ANDROIDGMAILIMAP'],
  },
  {
    behaviour: 'a body rule is scoped under the message container and matches nothing',
    source: 'email-bugs#25 (#yiv… body)',
    html: html('<p>Hello</p>', style('body { background: #00ff00 }')),
    client: 'YAHOO',
    shows: noGreen,
    control: ['APPMAIL16'],
  },
  {
    behaviour: "the body's inline background is removed with the body",
    source: 'resend/react-email#2325; mjmlio/mjml#167',
    html: page('<p>Hello</p>', 'style="margin:0; background:#00ff00"'),
    client: 'YAHOO',
    shows: noGreen,
    control: ['APPMAIL16'],
  },
  {
    behaviour: "AOL drops the body's bgcolor",
    source: 'resend/react-email#2325; Cerberus: background repeated on <center> for Yahoo and AOL',
    html: page('<p>Hello</p>', 'bgcolor="#00ff00"'),
    client: 'AOLONLINE',
    shows: noGreen,
    control: ['APPMAIL16'],
  },
  {
    behaviour: 'a media query list (comma) cuts the rest of the style block',
    source: 'email-bugs#149',
    html: mediaList,
    client: 'YAHOO',
    shows: (px) => px.count(isRed) > 500 && noGreen(px),
    control: ['APPMAIL16'],
  },
  {
    behaviour: 'AOL cuts the style block at a media query list too',
    source: 'email-bugs#149',
    html: mediaList,
    client: 'CHROMEAOLONLINE',
    shows: (px) => px.count(isRed) > 500 && noGreen(px),
    control: ['APPMAIL16'],
  },
];

describeProbes('Yahoo and AOL', probes);
