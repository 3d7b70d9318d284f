import profiles from './profiles.json';
import type { ClientFamily } from '../../model/client-family';
import { INTER, LIBERATION_SANS } from '../../fonts/client-fonts';
import { applyAppleDarkMode } from './dark-mode';
import { applyDataDetectors } from './data-detectors';
import { applyMinimumTextSize } from './minimum-text-size';
import { APPLE_MAIL, isIosMail } from './platform';
import { applyReformattingMeta } from './reformatting';
import { textSize } from './text-size-check';
import { IOS_MAIL_LIST, MAC_MAIL_LIST } from './inbox-layouts';
import appleIosBehaviours from './behaviours/apple-ios.json';
import { behaviourGroups } from '../../model/behaviour';

/**
 * Apple Mail on macOS and Mail on iPhone and iPad (WebKit): iOS adds data detectors and a
 * minimum text size, and fits a wide email to the screen unless the email turns that off;
 * dark mode depends on what the email declares
 * (docs/fidelity.md#apple-mail-and-ios-mail).
 */
export const appleMail: ClientFamily = {
  name: APPLE_MAIL,
  profiles,
  behaviours: behaviourGroups(appleIosBehaviours),
  inboxLayouts: [IOS_MAIL_LIST, MAC_MAIL_LIST],
  engineModel: (p) => {
    if (!isIosMail(p.profile)) return;
    applyDataDetectors(p.$, p.report);
    applyMinimumTextSize(p.$, p.report);
  },
  darkMode: applyAppleDarkMode,
  display: applyReformattingMeta,
  checks: [textSize],
  defaultFont: {
    family: 'Helvetica, Arial, sans-serif',
    source:
      "Helvetica, Mail's default message font (Settings › Fonts & Colors; The Atlantic, 'Your e-mail font is ruining your life'); no Apple documentation, and iOS Mail's is taken to be the same",
  },
  fonts: [
    // San Francisco, the system font: Inter is the nearest open design (no metric clone exists).
    ...['-apple-system', 'BlinkMacSystemFont', 'SF Pro Text', 'SF Pro Display'].map((name) => ({
      name,
      drawnWith: INTER,
      is: 'substitute' as const,
    })),
    { name: 'Helvetica Neue', drawnWith: LIBERATION_SANS, is: 'substitute' },
    { name: 'Helvetica', drawnWith: LIBERATION_SANS, is: 'metric-compatible' },
  ],
};
