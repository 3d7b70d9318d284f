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
  // Properties that draw only through another: an emphasis's position through the emphasis,
  // an underline's through the underline, an orientation through a vertical writing mode.
  'css-text-emphasis-position': ['css-text-emphasis'],
  'css-text-underline-position': ['css-text-decoration'],
  'css-text-orientation': ['css-writing-mode'],
  // Tabs keep their width only where white space is kept (white-space: pre), and a
  // placeholder shows only in the text input it belongs to.
  'css-tab-size': ['css-white-space'],
  'css-pseudo-element-placeholder': ['html-input-text'],
  // The test's one `required` is on a text input.
  'html-required': ['html-input-text'],
  // Its test's cells get their borders from a style block: empty cells show only through it.
  'css-empty-cells': ['html-style'],
  // Offsets and z-index move only positioned boxes: the test's are all position:relative.
  'css-left-right-top-bottom': ['css-position'],
  'css-z-index': ['css-position'],
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

/**
 * Features a test shows only through what no render here loads: renders never reach the
 * network, and stand-ins exist for images only (stand-in-images.ts).
 */
const LOADED_FROM_THE_WEB: Record<string, string> = {
  'css-at-import':
    'the test imports its style sheet from the web, and no render here reaches the network',
};

/**
 * Tests that set a feature only where a family's own documented rule keeps it from applying,
 * whatever caniemail records of the feature itself.
 */
const FAMILY_RULE_HIDES: { family: string; test: string; slugs: string[]; because: string }[] = [
  {
    family: 'outlook-word',
    test: 'css-background.html',
    slugs: ['css-background-color'],
    because:
      'the test sets background-color only on an element\'s second class (class="backgroundtest longhand"), and Word applies the first class only (email-bugs#75, #117)',
  },
  {
    family: 'protonmail',
    test: 'css-system-fonts.html',
    slugs: ['css-sytem-ui'],
    because:
      "Proton's message frame sets system-ui as its own font: a heading in system-ui looks as one without it",
  },
];

/** Why the test cannot show `slug` in this profile, or undefined when it can. */
export function hiddenBecause(
  profile: ClientProfile,
  slug: string,
  test: string,
): string | undefined {
  if (LOADED_FROM_THE_WEB[slug]) return LOADED_FROM_THE_WEB[slug];
  const rule = FAMILY_RULE_HIDES.find(
    (entry) => entry.family === profile.family && entry.test === test && entry.slugs.includes(slug),
  );
  if (rule) return rule.because;
  for (const through of drawnThrough(test, slug)) {
    const feature = ALL_FEATURES.find((candidate) => candidate.slug === through);
    const value = feature && profile.caniemail && supportOf(feature, profile.caniemail);
    if (value && expectedOf(profile, through, value, test) === 'unsupported')
      return `the test shows ${slug} only through ${through}, which caniemail records "${value.trim()}" here`;
  }
  return undefined;
}
