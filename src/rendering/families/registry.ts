import type { ClientFamily } from '../model/client-family';
import { appleMail } from './apple-mail';
import { generic } from './generic';
import { gmail } from './gmail';
import { outlookCom } from './outlook-com';
import { outlookMac } from './outlook-mac';
import { outlookWord } from './outlook-word';
import { plainText } from './plain-text';
import { protonMail } from './protonmail';
import { samsungEmail } from './samsung-email';
import { thunderbird } from './thunderbird';
import { yahooAol } from './yahoo-aol';

/**
 * The client families, each described by its own folder (docs/architecture.md#client-families-and-engines):
 * its profiles, stages, fonts, behaviours, message-list layouts and checks. Adding a family: its
 * folder and one line here, as an engine is added to engine/engine-registry.ts.
 */
export const FAMILY_REGISTRY: readonly ClientFamily[] = [
  appleMail,
  generic,
  gmail,
  outlookCom,
  outlookMac,
  outlookWord,
  plainText,
  protonMail,
  samsungEmail,
  thunderbird,
  yahooAol,
];
