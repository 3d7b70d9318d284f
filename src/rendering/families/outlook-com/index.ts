import { ClientFamily, handlesNotes } from '../../pipeline/client-family';
import { INTER, WINDOWS_FONTS } from '../../fonts/client-fonts';
import { bodyFont } from '../../stages/client-frame';
import { BODY_BECOMES_DIV_NOTE } from '../../webmail/body-to-div';
import { applyOutlookComPrefixes } from './prefixes';

/** caniemail's note on the x_ prefix (css-selector-attribute): applyOutlookComPrefixes. */
const PREFIX_NOTE =
  /A `class="test"` in the HTML is prefixed `class="x_test"`, but an attribute selector stays unprefixed/;

/**
 * Outlook.com, Outlook on the web (Office 365) and the new Outlook for Windows: a browser
 * engine behind Outlook.com's sanitizer (FIDELITY.md: not the Word engine).
 */
export const outlookCom: ClientFamily = {
  name: 'outlook-com',
  sanitizer: applyOutlookComPrefixes,
  frameCss: () => [bodyFont('"Segoe UI", Calibri, Arial, sans-serif', '14px')],
  fonts: [...WINDOWS_FONTS, { name: 'Aptos', drawnWith: INTER, is: 'substitute' }],
  caniemail: { readNote: handlesNotes(PREFIX_NOTE, BODY_BECOMES_DIV_NOTE) },
};
