import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import postcss from 'postcss';
import { FeatureMatcher, matcherFor } from '../../src/rendering/caniemail/feature-matchers';
import { ALL_FEATURES, supportOf } from '../../src/rendering/caniemail/support-table';
import type { ClientProfile } from '../../src/rendering/profile/client-profile';
import { TESTS_FOLDER } from './conformance-pairs';
import { expectedOf } from './oracle';

/**
 * Features a caniemail test shows only through another feature: its `@keyframes` draw
 * nothing unless an `animation` runs them, a selector nothing unless a `<style>` holds it.
 * Where caniemail records that other feature unsupported in a client, the test's picture
 * cannot show the first one there, whatever caniemail records of it: undecided.
 */
const DRAWN_THROUGH: Record<string, string[]> = {
  'css-at-keyframes': ['css-animation'],
  // Attributes that draw nothing themselves: their tests colour `[role]`, `a[target]`,
  // `img[loading]+p` by attribute selectors, and the ARIA test writes them out with ::after.
  ...Object.fromEntries(
    ['html-lang', 'html-role', 'html-target', 'html-loading-attribute'].map((slug) => [
      slug,
      ['css-selector-attribute'],
    ]),
  ),
  ...Object.fromEntries(
    ['describedby', 'hidden', 'label', 'labelledby', 'live'].map((name) => [
      `html-aria-${name}`,
      ['css-selector-attribute', 'css-pseudo-element-after'],
    ]),
  ),
};

/**
 * A feature the test writes only in style sheets is drawn through `<style>` (caniemail's
 * html-style): a selector or an at-rule always (no inline style holds one), a property when
 * no `style` attribute of the test holds it.
 */
function drawnThrough(test: string, slug: string): string[] {
  const feature = ALL_FEATURES.find((candidate) => candidate.slug === slug);
  const matcher = feature && matcherFor(feature);
  const inSheets = Boolean(matcher?.selector || matcher?.atRule || matcher?.nestedRules);
  const declared = matcher?.declaration;
  const sheetOnly =
    slug !== 'html-style' &&
    !matcher?.elements &&
    !matcher?.attributes &&
    (declared ? !inlineUse(test, declared) : inSheets);
  return [...(DRAWN_THROUGH[slug] ?? []), ...(sheetOnly ? ['html-style'] : [])];
}

/** Whether a `style` attribute of the test holds a declaration the matcher takes out. */
function inlineUse(test: string, declaration: NonNullable<FeatureMatcher['declaration']>) {
  const html = readFileSync(join(TESTS_FOLDER, test), 'utf8');
  for (const [, double, single] of html.matchAll(/\sstyle\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
    let found = false;
    try {
      postcss.parse(`a{${double ?? single ?? ''}}`).walkDecls((decl) => {
        if (
          declaration({
            property: decl.prop.toLowerCase(),
            value: decl.value,
            important: decl.important === true,
          })
        )
          found = true;
      });
    } catch {
      continue; // a style attribute PostCSS cannot read holds nothing a client reads either
    }
    if (found) return true;
  }
  return false;
}

/** Why the test cannot show `slug` in this profile, or undefined when it can. */
export function hiddenBecause(
  profile: ClientProfile,
  slug: string,
  test: string,
): string | undefined {
  for (const through of drawnThrough(test, slug)) {
    const feature = ALL_FEATURES.find((candidate) => candidate.slug === through);
    const value = feature && profile.caniemail && supportOf(feature, profile.caniemail);
    if (value && expectedOf(profile, through, value) === 'unsupported')
      return `the test shows ${slug} only through ${through}, which caniemail records "${value.trim()}" here`;
  }
  return undefined;
}
