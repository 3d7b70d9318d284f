import { readFileSync } from 'node:fs';
import type { CaniemailKey } from '../catalog/client-profile';

export interface CaniemailFeature {
  slug: string;
  title: string;
  category: string;
  keywords: string | null;
  stats: Record<string, Record<string, Record<string, string>>>;
}

// Read through the package's exports map (TypeScript's CommonJS resolution cannot see it).
const FEATURES = (
  JSON.parse(readFileSync(require.resolve('caniemail/caniemail.json'), 'utf8')) as {
    data: CaniemailFeature[];
  }
).data;

/**
 * The support value of a feature for a client: the exact version's test when there is
 * one, else the most recent test of that family and platform (last in the data's order).
 * Values are `y`, `n`, `a` (partial), `u` (unknown), optionally followed by note numbers.
 */
export function supportOf(feature: CaniemailFeature, key: CaniemailKey): string | undefined {
  const versions = feature.stats[key.family]?.[key.platform];
  if (!versions) return undefined;
  if (key.version !== undefined && versions[key.version] !== undefined)
    return versions[key.version];
  const values = Object.values(versions);
  return values[values.length - 1];
}

const unsupportedCache = new Map<string, CaniemailFeature[]>();

/** Features caniemail marks unsupported (`n`) for this client, computed once per key. */
export function unsupportedFeatures(key: CaniemailKey): CaniemailFeature[] {
  const cacheKey = `${key.family}/${key.platform}/${key.version ?? ''}`;
  let features = unsupportedCache.get(cacheKey);
  if (!features) {
    features = FEATURES.filter((feature) => supportOf(feature, key)?.trim().startsWith('n'));
    unsupportedCache.set(cacheKey, features);
  }
  return features;
}

export function featureBySlug(slug: string): CaniemailFeature | undefined {
  return FEATURES.find((feature) => feature.slug === slug);
}
