import { ClientFamily, handlesNotes } from '../../pipeline/client-family';
import { ARIAL, bodyFont } from '../../stages/client-frame';

/**
 * Clients with no documented sanitizer or engine model of their own (Outlook for Mac, iOS and Android, GMX, web.de, Lotus Notes...): the email as their engine shows it, less
 * what caniemail's table says the client does not support.
 */
export const generic: ClientFamily = {
  name: 'generic',
  frameCss: () => [bodyFont(ARIAL)],
  // Outlook for Mac's notes on other providers' accounts: its profiles read an Outlook account.
  caniemail: { readNote: handlesNotes(/with non Outlook accounts/) },
};
