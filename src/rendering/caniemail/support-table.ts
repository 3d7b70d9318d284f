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
  /** caniemail's test email of the feature (`tests/<name>.html`), when it publishes one. */
  test_url?: string;
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

/** A version as numbers ("15.4" → [15, 4]); null for a date ("2019-02") or a name. */
function versionNumbers(version: string): number[] | null {
  return /^\d+(\.\d+)*$/.test(version) ? version.split('.').map(Number) : null;
}

/** Compares two versions number by number ("15" and "15.0" are one version). */
function compareVersions(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const difference = (a[i] ?? 0) - (b[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/**
 * The support value of a feature for a client. A profile that names its version (Outlook
 * 2016, Apple Mail 15, iOS 17.0) gets that version's test or, where the client's tests are
 * numbered versions, the newest one up to it (iOS 13.1 reads the iOS 13 test, not iOS 17's),
 * or, older than every test, the oldest: the nearest record of that client (iOS 15 reads
 * iOS 16.6's partial nesting, not 17.2's full support). Otherwise (a profile with no version,
 * or tests named by date) the most recent test, last in the data's order.
 * Values are `y`, `n`, `a` (partial), `u` (unknown), optionally followed by note numbers.
 */
export function supportOf(feature: CaniemailFeature, key: CaniemailKey): string | undefined {
  const tests = feature.stats[key.family]?.[key.platform];
  if (!tests?.length) return undefined;
  const newest = tests[tests.length - 1][1];
  const wanted = key.version === undefined ? null : versionNumbers(key.version);
  if (!wanted) {
    const own = tests.find(([version]) => version === key.version);
    return (own ?? tests[tests.length - 1])[1];
  }
  const numbered = tests.map(([version, value]) => ({ version: versionNumbers(version), value }));
  const same = numbered.find((test) => test.version && compareVersions(test.version, wanted) === 0);
  if (same) return same.value;
  if (numbered.some((test) => !test.version)) return newest; // dates or names: no order to read
  const ordered = numbered.sort((a, b) => compareVersions(a.version!, b.version!));
  const upTo = ordered.filter((test) => compareVersions(test.version!, wanted) <= 0);
  return upTo.length ? upTo[upTo.length - 1].value : ordered[0].value;
}

/**
 * Whether caniemail tested the client at or before the profile's version: otherwise its
 * value for an older profile is only the nearest record, and the engine's own record is
 * asked first (engine-features.ts). Tests named by date, or a profile with no version: yes.
 */
export function testedByVersion(feature: CaniemailFeature, key: CaniemailKey): boolean {
  const tests = feature.stats[key.family]?.[key.platform];
  if (!tests?.length) return false;
  const wanted = key.version === undefined ? null : versionNumbers(key.version);
  if (!wanted) return true;
  return tests.some(([version]) => {
    const numbers = versionNumbers(version);
    return !numbers || compareVersions(numbers, wanted) <= 0;
  });
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

export const ALL_FEATURES: readonly CaniemailFeature[] = FEATURES;

export function featureBySlug(slug: string): CaniemailFeature | undefined {
  return FEATURES.find((feature) => feature.slug === slug);
}
