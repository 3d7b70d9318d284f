import type { Preparation } from '../model/client-family';
import { editStylesheets } from '../model/css-walker';
import type { ClientProfile } from '../profile/client-profile';

/** Phones and tablets: their mail apps' pages have a touch screen and no mouse. */
const TOUCH_PLATFORMS = new Set(['ios', 'android']);

/**
 * What a touch screen answers for the interaction media features (Media Queries 4: no hover,
 * a coarse pointer), by feature and value; a feature named alone is true unless its value is
 * `none`.
 */
const TOUCH_ANSWERS: Record<string, Record<string, boolean>> = {
  hover: { none: true, hover: false },
  pointer: { none: false, coarse: true, fine: false },
};

const FEATURE = /\(\s*(any-)?(hover|pointer)\s*(?::\s*([a-z-]+)\s*)?\)/gi;

/** Always true and always false, as valid media features in every engine here. */
const ALWAYS = '(min-width: 0px)';
const NEVER = '(max-width: 0px) and (min-width: 1px)';

export const isTouchProfile = (profile: ClientProfile) =>
  TOUCH_PLATFORMS.has(profile.caniemail?.platform ?? '');

/**
 * A touch profile's media queries on `hover` and `pointer` (and `any-`) answered as its
 * screen would: the engines here draw with a mouse on a desktop display, so each such
 * feature is replaced by one that is always true or always false before any engine reads it.
 * caniemail css-at-media-hover gives the iOS and Android apps that evaluate these `y`; the
 * caniemail stage has already removed them where a client does not.
 */
export function answerTouchMediaFeatures(p: Preparation): void {
  if (!isTouchProfile(p.profile)) return;
  let answered = 0;
  const answer = (query: string) =>
    query.replace(FEATURE, (_all, _any: string | undefined, feature: string, value?: string) => {
      answered += 1;
      const truth = value
        ? (TOUCH_ANSWERS[feature.toLowerCase()][value.toLowerCase()] ?? false)
        : feature.toLowerCase() === 'pointer';
      return truth ? ALWAYS : `(${NEVER})`;
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
      'rule:touch-media-features',
      'A touch screen: hover media features answer none, pointer ones coarse',
      '@media (hover), (pointer)',
      'caniemail css-at-media-hover (iOS and Android apps: y); Media Queries Level 4, interaction media features',
      answered,
    );
}
