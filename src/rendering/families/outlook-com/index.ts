import profiles from './profiles.json';
import { ClientFamily, handlesNotes } from '../../model/client-family';
import { INTER, WINDOWS_FONTS } from '../../fonts/client-fonts';
import { BODY_BECOMES_DIV_NOTE } from '../../stages/webmail/body-to-div';
import { SRC_REMOVED } from '../../stages/webmail/blocked-images';
import { applyOutlookComPrefixes } from './prefixes';
import { OUTLOOK_WEB_LIST } from './inbox-layouts';
import outlookComBehaviours from './behaviours/outlook-com.json';
import { behaviourGroups } from '../../model/behaviour';

/** caniemail's note on the x_ prefix (css-selector-attribute): applyOutlookComPrefixes. */
const PREFIX_NOTE =
  /A `class="test"` in the HTML is prefixed `class="x_test"`, but an attribute selector stays unprefixed/;

/**
 * Outlook.com, Outlook on the web (Office 365) and the new Outlook for Windows: a browser
 * engine behind Outlook.com's sanitizer (docs/fidelity.md#outlook-on-the-web-and-new-outlook:
 * not the Word engine).
 */
export const outlookCom: ClientFamily = {
  name: 'outlook-com',
  profiles,
  behaviours: behaviourGroups(outlookComBehaviours),
  inboxLayouts: [OUTLOOK_WEB_LIST],
  blockedImages: SRC_REMOVED,
  sanitizer: applyOutlookComPrefixes,
  defaultFont: {
    family: '"Segoe UI", Calibri, Arial, sans-serif',
    size: '14px',
    assumed: true,
    source:
      "no public source documents the reading pane's font for a message that names none; Segoe UI is Outlook on the web's own interface font (its reply form opens in it, OfficeDev/office-js#6623)",
  },
  fonts: [...WINDOWS_FONTS, { name: 'Aptos', drawnWith: INTER, is: 'substitute' }],
  keepsOriginalColours: true,
  caniemail: { readNote: handlesNotes(PREFIX_NOTE, BODY_BECOMES_DIV_NOTE) },
};
