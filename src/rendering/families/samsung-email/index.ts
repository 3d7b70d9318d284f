import { ClientFamily, handlesNotes } from '../../pipeline/client-family';
import { ROBOTO } from '../../fonts/client-fonts';
import { ARIAL, bodyFont } from '../../stages/client-frame';
import { applySamsungAutoFit, SAMSUNG_EMAIL } from './auto-fit';

/** Samsung Email on Android: the Blink WebView, with its auto fit on by default. */
export const samsungEmail: ClientFamily = {
  name: SAMSUNG_EMAIL,
  display: applySamsungAutoFit,
  frameCss: () => [bodyFont(ARIAL)],
  // Android's system font.
  fonts: [{ name: 'Roboto', drawnWith: ROBOTO, is: 'the font' }],
  // Notes on Microsoft (Hotmail, Outlook) accounts: its profiles read another provider's.
  caniemail: {
    readNote: handlesNotes(/with (Hotmail\/)?Outlook accounts/, /using a Microsoft email address/),
  },
};
