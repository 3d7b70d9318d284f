import profiles from './profiles.json';
import { ClientFamily, handlesNotes } from '../../model/client-family';
import { ARIAL } from '../../fonts/client-fonts';
import outlookMacBehaviours from './behaviours/outlook-mac.json';
import { behaviourGroups } from '../../model/behaviour';

/**
 * Outlook for Mac: the system's WebKit behind Outlook's own handling of the message, known
 * from caniemail's record (removals and notes) and its dark mode: from 16.70 a dark profile
 * honours `prefers-color-scheme` and, whatever the email declares, darkens its light colours
 * and keeps the originals in `data-og*` attributes as Outlook.com does (caniemail
 * css-at-media-prefers-color-scheme, outlook macos 16.70 and 16.80, note #3; Knak, "Outlook for
 * Mac dark mode": "modifies all colours in dark mode").
 */
export const outlookMac: ClientFamily = {
  name: 'outlook-mac',
  profiles,
  behaviours: behaviourGroups(outlookMacBehaviours),
  keepsOriginalColours: true,
  defaultFont: {
    family: ARIAL,
    assumed: true,
    source: "no public source documents Outlook for Mac's font for a message that names none",
  },
  // Notes on other providers' accounts: the profiles read an Outlook account.
  caniemail: { readNote: handlesNotes(/with non Outlook accounts/) },
};
