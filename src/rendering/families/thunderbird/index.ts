import profiles from './profiles.json';
import type { ClientFamily } from '../../model/client-family';
import { WINDOWS_FONTS } from '../../fonts/client-fonts';
import { thunderbirdMessageDisplay } from './message-display';
import thunderbirdBehaviours from './behaviours/thunderbird.json';
import { behaviourGroups } from '../../model/behaviour';

/**
 * Thunderbird for Windows: the email as its engine, Gecko, shows it (drawn by Firefox ESR),
 * after what Thunderbird's message view does to it (message-display.ts), less what
 * caniemail's table says it does not support. Its default proportional font is
 * sans-serif, which on Windows it sets to Calibri at 17 px (thunderbird-desktop
 * `mail/app/profile/all-thunderbird.js`, "Serif fonts look dated", bug 520824), and it has
 * Windows's fonts.
 */
export const thunderbird: ClientFamily = {
  name: 'thunderbird',
  profiles,
  behaviours: behaviourGroups(thunderbirdBehaviours),
  sanitizer: thunderbirdMessageDisplay,
  defaultFont: {
    family: 'Calibri, sans-serif',
    size: '17px',
    source:
      'its sans-serif default on Windows (thunderbird-desktop mail/app/profile/all-thunderbird.js, bug 520824)',
  },
  fonts: WINDOWS_FONTS,
};
