import type { FeatureMatcher } from './feature-matchers';
import type { NoteRule } from './note-rule';
import type { CaniemailFeature } from './support-table';

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
  /** Where the entry comes from when it is not caniemail (the engine release's record). */
  source?: string;
}
