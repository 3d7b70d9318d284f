import profiles from './profiles.json';
import { ClientFamily, handlesNotes } from '../../model/client-family';
import { applySamsungAutoFit, SAMSUNG_EMAIL } from './auto-fit';
import { SAMSUNG_LIST } from './inbox-layouts';
import samsungBehaviours from './behaviours/samsung.json';
import { behaviourGroups } from '../../model/behaviour';

/** Samsung Email on Android: the Blink WebView, with its auto fit on by default. */
export const samsungEmail: ClientFamily = {
  name: SAMSUNG_EMAIL,
  profiles,
  behaviours: behaviourGroups(samsungBehaviours),
  inboxLayouts: [SAMSUNG_LIST],
  display: applySamsungAutoFit,
  // Its fonts are Android's (client-fonts.ts: Roboto, and the names Android aliases to it).
  defaultFont: {
    family: 'Roboto, sans-serif',
    assumed: true,
    source:
      "Samsung documents none; an Android WebView's default is sans-serif, which Android draws in Roboto (AOSP fonts.xml), though a Samsung phone's font setting may replace it",
  },
  // Notes on Microsoft (Hotmail, Outlook) accounts: its profiles read another provider's.
  caniemail: {
    readNote: handlesNotes(/with (Hotmail\/)?Outlook accounts/, /using a Microsoft email address/),
  },
};
