import { readFileSync } from 'node:fs';
import type { CaniemailKey } from '../profile/client-profile';

/** One test of a client: the version (or date) tested and its value. */
export type TestedVersion = readonly [version: string, value: string];

export interface CaniemailFeature {
  slug: string;
  title: string;
  category: string;
  keywords: string | null;
  /** family → platform → its tests, in the data's order (oldest first). */
  stats: Record<string, Record<string, TestedVersion[]>>;
  notes_by_num?: Record<string, string>;
}

type RawFeature = Omit<CaniemailFeature, 'stats'> & {
  stats: Record<string, Record<string, Record<string, string>>>;
};

/** The prefix integer-like keys are read with (see loadFeatures). */
const KEPT = 'v:';
const restore = (key: string) => (key.startsWith(KEPT) ? key.slice(KEPT.length) : key);

/**
 * The data, with each client's tests in the data's own order. JSON.parse lists an object's
 * integer-like keys first ("12" before "11.4"), which would make an old test look like the
 * newest; so those keys are read with a prefix that keeps them strings, then restored.
 */
function loadFeatures(): CaniemailFeature[] {
  // Read through the package's exports map (TypeScript's CommonJS resolution cannot see it).
  const text = readFileSync(require.resolve('caniemail/caniemail.json'), 'utf8');
  const raw = JSON.parse(text.replace(/"(\d+)"(\s*:)/g, `"${KEPT}$1"$2`)) as { data: RawFeature[] };
  return raw.data.map(({ stats, notes_by_num, ...feature }) => ({
    ...feature,
    stats: Object.fromEntries(
      Object.entries(stats).map(([family, platforms]) => [
        family,
        Object.fromEntries(
          Object.entries(platforms).map(([platform, tests]) => [
            platform,
            Object.entries(tests).map(([version, value]): TestedVersion => [
              restore(version),
              value,
            ]),
          ]),
        ),
      ]),
    ),
    ...(notes_by_num
      ? {
          notes_by_num: Object.fromEntries(
            Object.entries(notes_by_num).map(([number, note]) => [restore(number), note]),
          ),
        }
      : {}),
  }));
}

const FEATURES = loadFeatures();

/** "15" and "15.0" name one version. */
const sameVersion = (a: string, b: string) => a.replace(/(\.0)+$/, '') === b.replace(/(\.0)+$/, '');

/**
 * The support value of a feature for a client: the profile's version's test when there is
 * one, else the most recent test of that family and platform (last in the data's order).
 * Values are `y`, `n`, `a` (partial), `u` (unknown), optionally followed by note numbers.
 */
export function supportOf(feature: CaniemailFeature, key: CaniemailKey): string | undefined {
  const tests = feature.stats[key.family]?.[key.platform];
  if (!tests?.length) return undefined;
  const { version } = key;
  const own = version === undefined ? undefined : tests.find(([v]) => sameVersion(v, version));
  return (own ?? tests[tests.length - 1])[1];
}

export interface SupportEntry {
  feature: CaniemailFeature;
  /** `y`, `n`, `a` (partial) or `u` (unknown). */
  support: string;
  /** The notes the value cites (`a #1 #2` → 1, 2). */
  noteNumbers: string[];
}

/** Every feature with this client's support value and the notes it cites. */
export function supportEntry(key: CaniemailKey): SupportEntry[] {
  return FEATURES.flatMap((feature) => {
    const value = supportOf(feature, key)?.trim();
    if (!value) return [];
    const noteNumbers = [...value.matchAll(/#(\d+)/g)].map((match) => match[1]);
    return [{ feature, support: value.charAt(0), noteNumbers }];
  });
}

export function featureBySlug(slug: string): CaniemailFeature | undefined {
  return FEATURES.find((feature) => feature.slug === slug);
}
