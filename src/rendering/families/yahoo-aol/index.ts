import profiles from './profiles.json';
import { ClientFamily, handlesNotes } from '../../model/client-family';
import { ARIAL } from '../../fonts/client-fonts';
import { BODY_BECOMES_DIV_NOTE } from '../../stages/webmail/body-to-div';
import { SRC_REMOVED } from '../../stages/webmail/blocked-images';
import { applyYahooRules } from './yahoo-rules';
import { YAHOO_WEB_LIST } from './inbox-layouts';
import yahooAolBehaviours from './behaviours/yahoo-aol.json';
import { behaviourGroups } from '../../model/behaviour';

/** Yahoo Mail and AOL Mail: one sanitizer (yiv prefixing and scoping), a browser engine. */
export const yahooAol: ClientFamily = {
  name: 'yahoo-aol',
  profiles,
  behaviours: behaviourGroups(yahooAolBehaviours),
  inboxLayouts: [YAHOO_WEB_LIST],
  sanitizer: applyYahooRules,
  blockedImages: SRC_REMOVED,
  defaultFont: {
    family: ARIAL,
    assumed: true,
    source: "no public source documents Yahoo's or AOL's font for a message that names none",
  },
  caniemail: { readNote: handlesNotes(BODY_BECOMES_DIV_NOTE) },
};
