import type { ClientProfile } from '../catalog/client-profile';
import { FeatureMatcher, matcherFor } from './feature-matchers';
import type { NoteRule } from './note-rule';
import { interpretNote } from './partial-notes';
import { CaniemailFeature, supportEntry } from './support-table';

export interface AppliedNote {
  number: string;
  text: string;
  rule: NoteRule;
}

/** A caniemail feature as one client supports it: not at all, or partly as its notes say. */
export interface ClientFeature {
  feature: CaniemailFeature;
  matcher: FeatureMatcher;
  /** `n`, or a note that makes it `n` for this profile (a non-Google account). */
  unsupported: boolean;
  /** Notes this service applies, in the data's order. */
  notes: AppliedNote[];
  /** Partial-support notes this service does not emulate: reported when the feature occurs. */
  notEmulated: { number: string; text: string }[];
}

const cache = new Map<string, ClientFeature[]>();

/** Markdown links in notes read as their text in the report. */
export const plainNote = (text: string) => text.replace(/\[([^\]]+)\]\([^)]*\)/g, '$1');

/**
 * The features of a client that are not fully supported and that this service can find in
 * an email, each with its notes read as rules. Computed once per profile.
 */
export function clientFeatures(profile: ClientProfile): ClientFeature[] {
  if (!profile.caniemail) return [];
  let features = cache.get(profile.code);
  if (features) return features;
  const nonGoogleAccount = profile.rules.includes('gmail-non-google-account');
  features = [];
  for (const { feature, support, noteNumbers } of supportEntry(profile.caniemail)) {
    if (support !== 'n' && support !== 'a') continue;
    const matcher = matcherFor(feature);
    if (!matcher) continue;
    const entry: ClientFeature = {
      feature,
      matcher,
      unsupported: support === 'n',
      notes: [],
      notEmulated: [],
    };
    for (const number of noteNumbers) {
      const text = feature.notes_by_num?.[number];
      if (!text) continue;
      const rule = interpretNote(text, feature.slug);
      if (rule?.nonGoogleAccount) {
        if (nonGoogleAccount) entry.unsupported = true;
      } else if (rule?.handledBy) {
        // The family rule applies it (and reports it) where the profile has that rule.
      } else if (rule) entry.notes.push({ number, text: plainNote(text), rule });
      else if (support === 'a') entry.notEmulated.push({ number, text: plainNote(text) });
    }
    if (entry.unsupported || entry.notes.length || entry.notEmulated.length) features.push(entry);
  }
  cache.set(profile.code, features);
  return features;
}
