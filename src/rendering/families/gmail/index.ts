import profiles from './profiles.json';
import { ClientFamily, handlesNotes, NoteReading } from '../../model/client-family';
import { ARIAL, DefaultFont, ROBOTO } from '../../fonts/client-fonts';
import { BODY_BECOMES_DIV_NOTE } from '../../stages/webmail/body-to-div';
import { SRC_REMOVED } from '../../stages/webmail/blocked-images';
import { clipLongMessage } from './clipping';
import { gmailClipping } from './clipping-check';
import {
  applyGmailStyles,
  GMAIL_BODY_CLASS,
  NON_GOOGLE_ACCOUNT,
  stripImportantWhileImagesOff,
} from './style-rules';
import { GMAIL_WEB_LIST, GMAIL_APP_LIST } from './inbox-layouts';
import gmailBehaviours from './behaviours/gmail.json';
import { behaviourGroups } from '../../model/behaviour';

/** caniemail's notes on style blocks outside the head (html-style #1): applyGmailStyles. */
const STYLE_IN_BODY_NOTE = /Not supported inside the `<body>`/;
/** caniemail's notes on Gmail's apps reading a non-Google account (IMAP). */
const NON_GOOGLE = /with non (Google accounts|Gmail account)/;
/** The feature works only there: the Google-account profiles lack it. */
const ONLY_NON_GOOGLE =
  /(Only (supported|works) with non Google accounts|Supported with non Google accounts only)/;
/** The whole feature fails there. */
const NOT_WITH_NON_GOOGLE =
  /^(Partial\. )?(Not supported|Doesn't work|Does not render) with non (Google accounts|Gmail account)/;

/**
 * How an account note reads for a profile: the non-Google profile (`gmail-non-google-account`)
 * lacks what fails there, or carries out the note's own rule where only some values fail
 * (`start` and `end` of text-align); a Google-account profile lacks what works only elsewhere,
 * and is otherwise untouched by the note.
 */
function readAccountNote(note: string, nonGoogle: boolean): NoteReading | undefined {
  if (ONLY_NON_GOOGLE.test(note)) return nonGoogle ? 'handled' : 'unsupported';
  if (NOT_WITH_NON_GOOGLE.test(note)) return nonGoogle ? 'unsupported' : 'handled';
  return nonGoogle ? undefined : 'handled';
}
const GMAIL_FONT: DefaultFont = {
  family: ARIAL,
  size: 'small',
  source:
    "Gmail's page sets arial, sans-serif on the message (hteumeuleu/email-bugs #72); its size, small, is Gmail's interface size",
};
const handled = handlesNotes(BODY_BECOMES_DIV_NOTE, STYLE_IN_BODY_NOTE);

/**
 * Gmail on the web and in its apps (docs/fidelity.md#gmail): a sanitizer that keeps only what it
 * understands, the body turned into a div, clipping past 102 KB. `gmail-non-google-account`:
 * the app reading another provider's account, which keeps no style block at all.
 */
export const gmail: ClientFamily = {
  name: 'gmail',
  profiles,
  behaviours: behaviourGroups(gmailBehaviours),
  inboxLayouts: [GMAIL_WEB_LIST, GMAIL_APP_LIST],
  options: [NON_GOOGLE_ACCOUNT],
  sanitizer: (p) => {
    applyGmailStyles(p);
    stripImportantWhileImagesOff(p);
  },
  display: clipLongMessage,
  checks: [gmailClipping],
  blockedImages: SRC_REMOVED,
  // Gmail's page carries Roboto and Google Sans for its own interface (caniemail
  // css-at-font-face #6); Google Sans is not in Debian, so Roboto stands in for it.
  fonts: [
    { name: 'Roboto', drawnWith: ROBOTO, is: 'the font' },
    { name: 'Google Sans', drawnWith: ROBOTO, is: 'substitute' },
    { name: 'Google Sans Text', drawnWith: ROBOTO, is: 'substitute' },
  ],
  defaultFont: GMAIL_FONT,
  // Its message container carries the same font (the body becomes this div).
  frameCss: () => [
    `.${GMAIL_BODY_CLASS} { font-family: ${GMAIL_FONT.family}; font-size: ${GMAIL_FONT.size}; }`,
    '.ip-gmail-clip { margin: 16px 8px; font: 13px Arial, sans-serif; }',
  ],
  caniemail: {
    readNote: (note, profile) => {
      if (!NON_GOOGLE.test(note)) return handled(note);
      return readAccountNote(note, profile.rules.includes(NON_GOOGLE_ACCOUNT));
    },
  },
};
