import type { Preparation } from '../model/client-family';
import { editStylesheets } from '../model/css-walker';
import type { ClientProfile } from '../profile/client-profile';

/** Phones and tablets: their mail apps' pages have a touch screen and no mouse. */
const TOUCH_PLATFORMS = new Set(['ios', 'android']);

type Device = 'touch' | 'mouse';

/**
 * What each device answers for the interaction media features (Media Queries 4), by feature
 * and value, `''` for the feature named alone: a touch screen has no hover and a coarse
 * pointer, a desktop's mouse hovers and points finely.
 */
const ANSWERS: Record<Device, Record<string, Record<string, boolean>>> = {
  touch: {
    hover: { '': false, none: true, hover: false },
    pointer: { '': true, none: false, coarse: true, fine: false },
  },
  mouse: {
    hover: { '': true, none: false, hover: true },
    pointer: { '': true, none: false, coarse: false, fine: true },
  },
};

const REPORTED: Record<Device, string> = {
  touch: 'A touch screen: hover media features answer none, pointer ones coarse',
  mouse: 'A mouse: hover media features answer hover, pointer ones fine',
};

const FEATURE = /\(\s*(any-)?(hover|pointer)\s*(?::\s*([a-z-]+)\s*)?\)/gi;

/** Always true and always false, as valid media features in every engine here. */
const ALWAYS = '(min-width: 0px)';
const NEVER = '((max-width: 0px) and (min-width: 1px))';

export const deviceOf = (profile: ClientProfile): Device =>
  TOUCH_PLATFORMS.has(profile.caniemail?.platform ?? '') ? 'touch' : 'mouse';

/**
 * A profile's media queries on `hover` and `pointer` (and their `any-` forms) answered as its
 * device would, before any engine reads them: the engines here answer for the input devices of
 * the machine they run on (a headless Firefox finds no mouse and says `hover: none`; WebKit on
 * its display has one and says `hover`), which is neither a phone's touch screen nor, always,
 * a desktop's mouse. Each such feature becomes one that is always true or always false.
 * caniemail css-at-media-hover gives the iOS and Samsung apps `y`; the caniemail stage has
 * already removed such queries where a client does not evaluate them.
 */
export function answerInteractionMediaFeatures(p: Preparation): void {
  const device = deviceOf(p.profile);
  let answered = 0;
  const answer = (query: string) =>
    query.replace(FEATURE, (_all, _any: string | undefined, feature: string, value?: string) => {
      answered += 1;
      const truth = ANSWERS[device][feature.toLowerCase()][value?.toLowerCase() ?? ''] ?? false;
      return truth ? ALWAYS : NEVER;
    });
  editStylesheets(p.$, (root) =>
    root.walkAtRules(/^media$/i, (rule) => void (rule.params = answer(rule.params))),
  );
  p.$('style[media], link[media]').each((_i, element) => {
    const media = p.$(element).attr('media')!;
    const rewritten = answer(media);
    if (rewritten !== media) p.$(element).attr('media', rewritten);
  });
  if (answered)
    p.report.add(
      `rule:${device}-media-features`,
      REPORTED[device],
      '@media (hover), (pointer)',
      'caniemail css-at-media-hover; Media Queries Level 4, interaction media features',
      answered,
    );
}
