import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { clientCatalog } from '../../src/rendering/catalog/client-catalog';
import {
  ALL_FEATURES,
  supportOf,
  testedByVersion,
} from '../../src/rendering/caniemail/support-table';
import type { ClientProfile } from '../../src/rendering/profile/client-profile';

/** caniemail's own test emails (hteumeuleu/caniemail `tests/`, MIT: LICENSE beside them). */
export const TESTS_FOLDER = join(__dirname, 'caniemail-tests');

/** One feature of one caniemail test, in one profile, with what caniemail records there. */
export interface ConformancePair {
  test: string;
  feature: string;
  profile: ClientProfile;
  /** caniemail's value for the profile's client at its version (`y`, `n`, `a #2`...). */
  caniemail: string;
}

/** The features each test file is the test of (caniemail's `test_url`). */
export function featuresByTest(): Map<string, string[]> {
  const raw = JSON.parse(readFileSync(require.resolve('caniemail/caniemail.json'), 'utf8')) as {
    data: { slug: string; test_url?: string }[];
  };
  const byTest = new Map<string, string[]>();
  for (const { slug, test_url } of raw.data) {
    if (!test_url) continue;
    const test = basename(new URL(test_url).pathname);
    byTest.set(test, [...(byTest.get(test) ?? []), slug]);
  }
  return byTest;
}

export function testFiles(): string[] {
  return readdirSync(TESTS_FOLDER)
    .filter((name) => name.endsWith('.html') && !name.startsWith('_'))
    .sort();
}

/**
 * Every (test, feature, profile) caniemail has a result for: the profile's client tested at
 * or before its version. `lane` keeps, per feature, one profile for each family and recorded
 * value: every family, version range and feature at least once.
 */
export function conformancePairs(
  options: { tests?: string[]; clients?: string[]; lane?: boolean } = {},
): ConformancePair[] {
  const byTest = featuresByTest();
  const profiles = clientCatalog
    .all()
    .filter((profile) => profile.caniemail)
    .filter((profile) => !options.clients || options.clients.includes(profile.code));
  const pairs: ConformancePair[] = [];
  for (const test of testFiles()) {
    if (options.tests && !options.tests.includes(test)) continue;
    for (const slug of byTest.get(test) ?? []) {
      const feature = ALL_FEATURES.find((candidate) => candidate.slug === slug);
      if (!feature) continue;
      const seen = new Set<string>();
      for (const profile of profiles) {
        const key = profile.caniemail!;
        if (!testedByVersion(feature, key)) continue;
        const value = supportOf(feature, key)?.trim();
        if (!value) continue;
        const group = `${profile.family}|${value}`;
        if (options.lane && seen.has(group)) continue;
        seen.add(group);
        pairs.push({ test, feature: slug, profile, caniemail: value });
      }
    }
  }
  return pairs;
}
