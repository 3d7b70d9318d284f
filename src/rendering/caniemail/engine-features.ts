import type { ClientProfile, EngineRelease } from '../profile/client-profile';
import type { ClientFeature } from './client-feature';
import { compatSource, lackOf, recordedProperties } from './engine-releases';
import { type FeatureMatcher, matcherFor } from './feature-matchers';
import type { CaniemailFeature } from './support-table';

/** caniemail features whose browser-compat-data path is not read off their slug. */
const COMPAT_PATHS: Record<string, string> = {
  'css-function-light-dark': 'css.types.color.light-dark',
  'css-function-clamp': 'css.types.clamp',
  'css-function-min': 'css.types.min',
  'css-function-max': 'css.types.max',
  'css-unit-calc': 'css.types.calc',
  'css-conic-gradient': 'css.types.gradient.conic-gradient',
  'css-nesting': 'css.selectors.nesting',
  'css-variables': 'css.properties.custom-property',
  'css-display-flex': 'css.properties.display.flex',
  'css-display-grid': 'css.properties.display.grid',
  'css-at-media-device-pixel-ratio': 'css.at-rules.media.resolution',
  'css-unit-rem': 'css.types.length.rem',
};

/**
 * The data's path of a caniemail feature (`css-aspect-ratio` → css.properties.aspect-ratio,
 * `css-pseudo-class-has` → css.selectors.has, `css-at-media-hover` → css.at-rules.media.hover),
 * or undefined where it has none this service reads (HTML elements, image types).
 */
export function compatPathOf(slug: string): string | undefined {
  if (COMPAT_PATHS[slug]) return COMPAT_PATHS[slug];
  const pseudo = /^css-pseudo-(?:class|element)-([\w-]+)$/.exec(slug);
  if (pseudo) return `css.selectors.${pseudo[1]}`;
  const media = /^css-at-media-([\w-]+)$/.exec(slug);
  if (media) return `css.at-rules.media.${media[1]}`;
  const at = /^css-at-([\w-]+)$/.exec(slug);
  if (at) return `css.at-rules.${at[1]}`;
  const property = /^css-([\w-]+)$/.exec(slug);
  if (property && recordedProperties().includes(property[1]))
    return `css.properties.${property[1]}`;
  return undefined;
}

/** A feature the profile's engine release lacked, as an entry the caniemail stage removes. */
function lacking(
  feature: CaniemailFeature,
  matcher: FeatureMatcher,
  release: EngineRelease,
  path: string,
): ClientFeature | undefined {
  const lack = lackOf(path, release);
  return lack ? removed(feature, matcher, compatSource(lack, release)) : undefined;
}

/** An entry the caniemail stage removes wherever it matches, with its source. */
const removed = (
  feature: CaniemailFeature,
  matcher: FeatureMatcher,
  source: string,
): ClientFeature => ({ feature, matcher, unsupported: true, notes: [], notEmulated: [], source });

/**
 * Where caniemail has no test of the client at or before the profile's version, the engine's
 * own record decides: a feature the release lacked is removed, with the data as its source.
 * `recorded` says, per caniemail slug, whether caniemail spoke for this version.
 */
export function engineFeatures(
  profile: ClientProfile,
  features: readonly CaniemailFeature[],
  recorded: ReadonlySet<string>,
  superseded: readonly string[],
): { replaced: Set<string>; entries: ClientFeature[] } {
  const release = profile.versions?.release;
  const replaced = new Set<string>();
  const entries: ClientFeature[] = [];
  if (!release) return { replaced, entries };
  const spoken: FeatureMatcher[] = [];
  for (const feature of features) {
    const matcher = matcherFor(feature);
    if (!matcher || superseded.includes(feature.slug)) continue;
    if (recorded.has(feature.slug)) {
      spoken.push(matcher);
      continue;
    }
    const path = compatPathOf(feature.slug);
    const entry = path ? lacking(feature, matcher, release, path) : undefined;
    if (!entry) continue;
    replaced.add(feature.slug);
    entries.push(entry);
  }
  entries.push(...propertiesCaniemailIsSilentOn(release, features, spoken));
  return { replaced, entries };
}

/**
 * CSS properties no caniemail feature names (`text-wrap`, `inset-inline`...), or named by
 * features with no test of this client at its version: removed where the release lacked them.
 */
function propertiesCaniemailIsSilentOn(
  release: EngineRelease,
  features: readonly CaniemailFeature[],
  spoken: FeatureMatcher[],
): ClientFeature[] {
  const named = new Set(features.map((feature) => feature.slug));
  return recordedProperties().flatMap((property) => {
    if (named.has(`css-${property}`)) return []; // a caniemail feature of its own: read above
    const probe = { property, value: '0', important: false };
    if (spoken.some((matcher) => matcher.declaration?.(probe) === 'remove')) return [];
    const path = `css.properties.${property}`;
    const lack = lackOf(path, release);
    // Only what a later release added: what the browser never had, the engine here lacks too.
    if (!lack?.addedIn) return [];
    const feature: CaniemailFeature = {
      slug: `compat-${property}`,
      title: property,
      category: 'css',
      keywords: null,
      stats: {},
    };
    const matcher: FeatureMatcher = {
      declaration: (d) => (d.property === property ? 'remove' : undefined),
    };
    return [removed(feature, matcher, compatSource(lack, release))];
  });
}
