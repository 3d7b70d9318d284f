import type { ClientFamily } from '../model/client-family';
import type { ClientProfile } from '../profile/client-profile';
import { engineFeatures } from './engine-features';
import type { ClientFeature } from './client-feature';
import { matcherFor } from './feature-matchers';
import { interpretNote } from './partial-notes';
import { ALL_FEATURES, supportEntry, testedByVersion } from './support-table';

export type { AppliedNote, ClientFeature } from './client-feature';

const cache = new Map<string, ClientFeature[]>();

/** Markdown links in notes read as their text in the report. */
export const plainNote = (text: string) => text.replace(/\[([^\]]+)\]\([^)]*\)/g, '$1');

/**
 * The features of a client that are not fully supported and that this service can find in
 * an email, each with its notes read as rules, as the profile's family reads them (what its
 * own stages carry out, what its newer record supersedes). Computed once per profile.
 */
export function clientFeatures(profile: ClientProfile, family: ClientFamily): ClientFeature[] {
  let features = cache.get(profile.code);
  if (features) return features;
  features = takeOut(recordedFeatures(profile, family), profile.without ?? []);
  cache.set(profile.code, features);
  return features;
}

/**
 * `slugs` made unsupported on top of the record: removed wherever they occur, whole (a
 * partial note's rewrite no longer keeps part of it: Word's `background` colour); a feature
 * the client does not support stays as it goes there, its notes saying how (Gmail drops the
 * whole style attribute of a modern colour), since taking it out must not show that damage
 * as the feature drawn. A feature with no matcher cannot be found in an email, nor taken out.
 */
function takeOut(features: ClientFeature[], slugs: string[]): ClientFeature[] {
  if (slugs.length === 0) return features;
  const out = features.map((entry) =>
    slugs.includes(entry.feature.slug)
      ? { ...entry, unsupported: true, notes: entry.unsupported ? entry.notes : [] }
      : entry,
  );
  for (const slug of slugs) {
    const feature = ALL_FEATURES.find((candidate) => candidate.slug === slug);
    const matcher = feature && matcherFor(feature);
    if (!feature || !matcher || out.some((entry) => entry.feature.slug === slug)) continue;
    out.push({ feature, matcher, unsupported: true, notes: [], notEmulated: [] });
  }
  return out;
}

function recordedFeatures(profile: ClientProfile, family: ClientFamily): ClientFeature[] {
  if (!profile.caniemail) return [];
  const key = profile.caniemail;
  const reading = family.caniemail;
  const recorded = new Set(
    ALL_FEATURES.filter((feature) => testedByVersion(feature, key)).map((f) => f.slug),
  );
  const engine = engineFeatures(profile, ALL_FEATURES, recorded, reading?.supersedes ?? []);
  const features = [...engine.entries];
  for (const { feature, support, noteNumbers } of supportEntry(key)) {
    if (support !== 'n' && support !== 'a') continue;
    if (reading?.supersedes?.includes(feature.slug) || engine.replaced.has(feature.slug)) continue;
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
      if (!text) {
        // The value cites a note the data does not hold: what it limits cannot be known.
        if (support === 'a')
          entry.notEmulated.push({ number, text: `note #${number} is missing from the data` });
        continue;
      }
      if (profile.notesOff?.includes(`${feature.slug} #${number}`)) continue;
      const familyReading = reading?.readNote?.(text, profile);
      if (familyReading === 'unsupported') entry.unsupported = true;
      if (familyReading) continue;
      const rule = interpretNote(text, feature.slug);
      // A note on an unsupported feature with no rule of its own (how the client drops it)
      // is listed too: the feature goes whole, the note's detail is not reproduced.
      if (rule) entry.notes.push({ number, text: plainNote(text), rule });
      else entry.notEmulated.push({ number, text: plainNote(text) });
    }
    if (entry.unsupported || entry.notes.length || entry.notEmulated.length) features.push(entry);
  }
  return features;
}
