import profiles from './profiles.json';
import { ClientFamily, handlesNotes } from '../../model/client-family';
import { ARIAL } from '../../fonts/client-fonts';
import { BODY_BECOMES_DIV_NOTE } from '../../stages/webmail/body-to-div';
import { bodyAsDivWhereRecorded } from './body';

/**
 * Clients with no documented sanitizer or engine model of their own (Outlook for iOS and
 * Android, GMX, web.de, Lotus Notes...): the email as their engine shows it, less
 * what caniemail's table says the client does not support.
 */
export const generic: ClientFamily = {
  name: 'generic',
  profiles,
  sanitizer: bodyAsDivWhereRecorded,
  defaultFont: {
    family: ARIAL,
    assumed: true,
    source: 'these clients document no default of their own; Arial is the common one of webmails',
  },
  // Outlook's apps' notes on other providers' accounts: their profiles read an Outlook account.
  caniemail: {
    readNote: handlesNotes(/with non Outlook accounts/, BODY_BECOMES_DIV_NOTE),
  },
};
