import { isBlue, isRed } from '../support/pixels';
import {
  describeProbes,
  GREEN_BOX,
  hasGreen,
  html,
  near,
  noGreen,
  page,
  Probe,
  reported,
  style,
} from './probe';

// Gmail: the sanitizer's documented conditions for dropping a whole <style> block, the body
// turned into a div, clipping, images-off and the app's dark modes (docs/fidelity.md#gmail).
const filler = (bytes: number) => `.p { margin: 0 }\n`.repeat(Math.ceil(bytes / 17));

const probes: Probe[] = [
  {
    behaviour: 'a <style> block in the body is removed',
    source: 'caniemail html-style #1',
    html: html(`${style('.a { background: #00ff00 }')}${GREEN_BOX}`),
    client: 'GMAILNEW',
    shows: noGreen,
    control: ['APPMAIL16'],
  },
  {
    behaviour: 'a style block with a CSS error is dropped whole, its valid rules too',
    source: 'email-bugs#21',
    html: html(GREEN_BOX, style('.a { background: #00ff00 } @ { @ }')),
    client: 'GMAILNEW',
    shows: noGreen,
    control: ['APPMAIL16'],
  },
  {
    behaviour:
      'a style block with an at-rule inside an at-rule (@font-face in @media) is dropped whole',
    source: 'email-bugs#21; caniemail#144',
    html: html(
      GREEN_BOX,
      style(
        '.a { background: #00ff00 } @media screen { @font-face { font-family: x; src: local(Arial) } }',
      ),
    ),
    client: 'CHROMEGMAILNEW',
    shows: noGreen,
    control: ['APPMAIL16'],
  },
  {
    behaviour: 'a media query inside a media query is kept (no longer a removal)',
    source: 'hteumeuleu/caniemail#256, #480',
    html: html(
      GREEN_BOX,
      style(
        '.a { background: #00ff00 } @media screen { @media (min-width: 1px) { .b { color: red } } }',
      ),
    ),
    client: 'GMAILNEW',
    shows: hasGreen,
    control: ['ANDROIDGMAILIMAP'],
  },
  {
    behaviour: 'style blocks past 16 KB in total are removed, earlier ones kept',
    source: 'caniemail#144; email-bugs#90',
    html: html(
      `<div class="b" style="height:40px">&nbsp;</div>${GREEN_BOX}`,
      style(`.b { background: #0000ff } ${filler(10000)}`) +
        style(`.a { background: #00ff00 } ${filler(8000)}`),
    ),
    client: 'GMAILNEW',
    shows: (px) => px.count(isBlue) > 500 && noGreen(px),
    control: ['APPMAIL16'],
  },
  {
    behaviour: 'the app on a non-Google (IMAP) account keeps no <style> at all',
    source: 'caniemail html-style #2',
    html: html(GREEN_BOX, style('.a { background: #00ff00 }')),
    client: 'ANDROIDGMAILIMAP',
    shows: noGreen,
    control: ['ANDROIDGMAILAPP'],
  },
  {
    behaviour: 'a background set in the body style does not show (the body becomes a div)',
    source: 'caniemail html-body #1; Cerberus: background repeated on <center> for Gmail',
    html: page('<p>Hello</p>', 'style="margin:0; background:#00ff00"'),
    client: 'GMAILNEW',
    shows: noGreen,
    control: ['APPMAIL16'],
  },
  {
    behaviour: 'a body bgcolor does not show: it is kept on a div, which ignores it',
    source: 'hteumeuleu/caniemail#212 (Gmail keeps bgcolor on the div)',
    html: page('<p>Hello</p>', 'bgcolor="#00ff00"'),
    client: 'GMAILNEW',
    shows: noGreen,
    control: ['APPMAIL16'],
  },
  {
    behaviour: "the body's class stays on its div, so .body rules (the u + .body hack) apply",
    source: 'hteumeuleu/caniemail#212 (class kept, prefixed)',
    html: page(
      '<div class="x" style="height:40px">&nbsp;</div>',
      'class="body"',
      style('.body .x { background: #00ff00 }'),
    ),
    client: 'GMAILNEW',
    shows: hasGreen,
    control: ['ANDROIDGMAILIMAP'],
  },
  {
    behaviour: 'a message over 102 KB is clipped: what follows the limit is not shown',
    source: 'email-bugs#41',
    html: html(
      `<div style="display:none">${'lorem ipsum dolor sit amet '.repeat(4200)}</div>` +
        '<div style="height:40px;background:#00ff00">&nbsp;</div>',
    ),
    client: 'GMAILNEW',
    shows: (px, result) => noGreen(px) && reported(result, /clipped/),
    control: ['APPMAIL16'],
  },
  {
    behaviour: 'with images off, !important is stripped from style blocks and inline styles win',
    source: 'email-bugs#70',
    html: html(
      '<div class="o" style="background:#ff0000;height:40px">&nbsp;</div>',
      style('.o { background: #00ff00 !important }'),
    ),
    options: { images: 'blocked' },
    client: 'GMAILNEW',
    shows: (px) => px.count(isRed) > 500 && noGreen(px),
    control: ['APPMAIL16'],
  },
  {
    behaviour: 'the iOS app in dark mode inverts every colour: a dark box turns light',
    source: 'Litmus: The Ultimate Guide to Dark Mode for Email Marketers (2019)',
    html: html('<div style="background:#111111;height:40px">&nbsp;</div>'),
    client: 'GMAILIOSDARK',
    shows: (px) => px.count(near([238, 238, 238], 12)) > 1000,
    control: ['ANDROID14GMAILAPPDARK'],
  },
  {
    behaviour: 'the Android app in dark mode darkens light backgrounds: a white box turns dark',
    source: 'Litmus: The Ultimate Guide to Dark Mode for Email Marketers (2019)',
    html: html('<div style="background:#ffffff;height:60px;width:200px">&nbsp;</div>'),
    client: 'ANDROID14GMAILAPPDARK',
    shows: (px) => px.count(near([255, 255, 255], 8)) === 0,
    control: ['ANDROID14GMAILAPP'],
  },
];

describeProbes('Gmail', probes);
