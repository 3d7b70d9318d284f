import { all as knownProperties } from 'known-css-properties';
import type { Selector } from 'postcss-selector-parser';
import { hasNode } from './selector-nodes';
import type { CaniemailFeature } from './support-table';

export type ElementAction = 'remove' | 'unwrap' | 'rename-div' | 'rename-span' | 'rename-u';

/** What a declaration looks like to a matcher. */
export interface Declaration {
  property: string;
  value: string;
  important: boolean;
}

/**
 * How to recognise one caniemail feature in an email. Each part is optional: a feature
 * is about CSS declarations, at-rules, selectors, HTML elements or attributes.
 */
export interface FeatureMatcher {
  declaration?: (declaration: Declaration) => 'remove' | 'strip-important' | undefined;
  atRule?: (name: string, params: string) => boolean;
  selector?: (selector: Selector) => boolean;
  nestedRules?: boolean;
  elements?: { selector: string; action: ElementAction };
  attributes?: { selector: string; names: string[] };
  doctype?: boolean;
  imageTypes?: string[];
}

/** Stands for data: URIs among the image types a client cannot show. */
export const DATA_URI = 'data-uri';

const KNOWN = new Set(knownProperties);
const sides = (base: string, suffix = '') =>
  ['top', 'right', 'bottom', 'left'].map((side) => `${base}-${side}${suffix}`);
const propertyWords = (feature: CaniemailFeature) =>
  (feature.keywords ?? '')
    .split(',')
    .map((word) => word.trim())
    .filter((word) => KNOWN.has(word));

const properties = (...names: string[]): FeatureMatcher => {
  const set = new Set(names);
  return { declaration: (d) => (set.has(d.property) ? 'remove' : undefined) };
};
const valueMatches = (pattern: RegExp, property?: RegExp): FeatureMatcher => ({
  declaration: (d) =>
    (!property || property.test(d.property)) && pattern.test(d.value) ? 'remove' : undefined,
});
const functionCall = (...names: string[]) =>
  valueMatches(new RegExp(`(^|[^\\w-])(${names.join('|')})\\(`, 'i'));
const unit = (name: string) => valueMatches(new RegExp(`\\d${name}\\b`, 'i'));
const atRule = (name: string, params?: RegExp): FeatureMatcher => ({
  atRule: (ruleName, ruleParams) =>
    ruleName.toLowerCase() === name && (!params || params.test(ruleParams)),
});
const selectorWith = (test: (selector: Selector) => boolean): FeatureMatcher => ({
  selector: test,
});
const withNode = (type: string, value?: string) =>
  selectorWith((selector) => hasNode(selector, type, value));
const pseudo = (name: string) => (selector: Selector) => {
  let found = false;
  selector.walkPseudos((node) => {
    if (node.value.replace(/^::?/, '').toLowerCase() === name) found = true;
  });
  return found;
};
const elements = (selector: string, action: ElementAction): FeatureMatcher => ({
  elements: { selector, action },
});
const attributes = (names: string[], selector = '*'): FeatureMatcher => ({
  attributes: { selector: names.map((name) => `${selector}[${name}]`).join(','), names },
});

/** Features whose matcher is not simply "the CSS property named in the slug". */
const SPECIAL: Record<string, (feature: CaniemailFeature) => FeatureMatcher> = {
  'css-margin': () => properties('margin', ...sides('margin')),
  'css-padding': () => properties('padding', ...sides('padding')),
  'css-border': () =>
    properties(
      'border',
      'border-width',
      'border-style',
      'border-color',
      ...sides('border'),
      ...sides('border', '-width'),
      ...sides('border', '-style'),
      ...sides('border', '-color'),
    ),
  'css-border-radius': () =>
    properties(
      'border-radius',
      ...['top-left', 'top-right', 'bottom-right', 'bottom-left'].map((c) => `border-${c}-radius`),
    ),
  'css-left-right-top-bottom': () => properties('left', 'right', 'top', 'bottom'),
  'css-animation': () => valueProperty(/^animation(-|$)/),
  'css-transition': () => valueProperty(/^transition(-|$)/),
  'css-display-flex': () => valueMatches(/^\s*(inline-)?flex\b/i, /^display$/),
  'css-display-grid': () => valueMatches(/^\s*(inline-)?grid\b/i, /^display$/),
  'css-display-none': () => valueMatches(/^\s*none\b/i, /^display$/),
  'css-intrinsic-size': () => valueMatches(/\b(min-content|max-content|fit-content)\b/i),
  'css-linear-gradient': () => functionCall('linear-gradient', 'repeating-linear-gradient'),
  'css-radial-gradient': () => functionCall('radial-gradient', 'repeating-radial-gradient'),
  'css-conic-gradient': () => functionCall('conic-gradient', 'repeating-conic-gradient'),
  'css-rgb': () => functionCall('rgb'),
  'css-rgba': () => functionCall('rgba'),
  'css-modern-color': () =>
    functionCall('oklch', 'oklab', 'lab', 'lch', 'hwb', 'color-mix', 'color'),
  'css-function-light-dark': () => functionCall('light-dark'),
  'css-function-clamp': () => functionCall('clamp'),
  'css-function-min': () => functionCall('min'),
  'css-function-max': () => functionCall('max'),
  'css-unit-calc': () => functionCall('calc'),
  'css-unit-initial': () => valueMatches(/^\s*initial\s*$/i),
  'css-variables': () => ({
    declaration: (d) =>
      d.property.startsWith('--') || /var\(/i.test(d.value) ? 'remove' : undefined,
  }),
  'css-important': () => ({ declaration: (d) => (d.important ? 'strip-important' : undefined) }),
  'css-sytem-ui': () => valueMatches(/\bsystem-ui\b/i, /^font(-family)?$/),
  'css-nesting': () => ({ nestedRules: true }),
  'css-at-media': () => atRule('media'),
  'css-at-media-prefers-color-scheme': () => atRule('media', /prefers-color-scheme/i),
  'css-at-media-prefers-reduced-motion': () => atRule('media', /prefers-reduced-motion/i),
  'css-at-media-orientation': () => atRule('media', /orientation/i),
  'css-at-media-hover': () => atRule('media', /\b(any-)?hover\b/i),
  'css-at-media-device-pixel-ratio': () => atRule('media', /device-pixel-ratio|resolution/i),
  'css-at-font-face': () => atRule('font-face'),
  'css-at-import': () => atRule('import'),
  // Comments match nothing by themselves: only a note says what a client does with them.
  'css-comments': () => ({}),
  'css-at-keyframes': () => ({ atRule: (name) => /^(-\w+-)?keyframes$/i.test(name) }),
  'css-at-supports': () => atRule('supports'),
  'css-selector-adjacent-sibling': () => withNode('combinator', '+'),
  'css-selector-general-sibling': () => withNode('combinator', '~'),
  'css-selector-child': () => withNode('combinator', '>'),
  'css-selector-descendant': () => withNode('combinator', ' '),
  'css-selector-attribute': () => withNode('attribute'),
  'css-selector-class': () => withNode('class'),
  'css-selector-id': () => withNode('id'),
  'css-selector-type': () => withNode('tag'),
  'css-selector-universal': () => withNode('universal'),
  'css-selector-chaining': () =>
    selectorWith((selector) => {
      let run = 0;
      let chained = false;
      selector.each((node) => {
        run = node.type === 'class' ? run + 1 : node.type === 'combinator' ? 0 : run;
        if (run > 1) chained = true;
      });
      return chained;
    }),
  'html-style': () => elements('style', 'remove'),
  'html-link': () => elements('link', 'remove'),
  'html-svg': () => elements('svg', 'remove'),
  'html-video': () => ({ elements: { selector: 'video', action: 'unwrap' } }),
  'html-audio': () => elements('audio', 'unwrap'),
  'html-object': () => elements('object, embed', 'unwrap'),
  'html-picture': () => elements('picture', 'unwrap'),
  'html-marquee': () => elements('marquee', 'unwrap'),
  'html-form': () => elements('form', 'unwrap'),
  'html-input-checkbox': () => elements('input[type="checkbox" i]', 'remove'),
  'html-input-radio': () => elements('input[type="radio" i]', 'remove'),
  'html-input-text': () => elements('input:not([type]), input[type="text" i]', 'remove'),
  'html-input-hidden': () => elements('input[type="hidden" i]', 'remove'),
  'html-input-submit': () => elements('input[type="submit" i]', 'remove'),
  'html-input-reset': () => elements('input[type="reset" i]', 'remove'),
  'html-button-submit': () => elements('button:not([type]), button[type="submit" i]', 'remove'),
  'html-button-reset': () => elements('button[type="reset" i]', 'remove'),
  'html-select': () => elements('select', 'remove'),
  'html-textarea': () => elements('textarea', 'remove'),
  'html-dialog': () => elements('dialog', 'unwrap'),
  'html-meter': () => elements('meter', 'unwrap'),
  'html-progress': () => elements('progress', 'unwrap'),
  'html-semantics': () =>
    elements(
      'article, aside, details, figcaption, figure, footer, header, main, nav, section, summary',
      'rename-div',
    ),
  'html-img': () => elements('img', 'remove'),
  'html-hr': () => elements('hr', 'remove'),
  'html-wbr': () => elements('wbr', 'remove'),
  'html-base': () => elements('base', 'remove'),
  'html-image-maps': () => ({ ...elements('map', 'remove'), ...attributes(['usemap']) }),
  'html-align': () => attributes(['align']),
  'html-valign': () => attributes(['valign']),
  'html-background': () => attributes(['background']),
  'html-cellpadding': () => attributes(['cellpadding']),
  'html-cellspacing': () => attributes(['cellspacing']),
  'html-width': () => attributes(['width']),
  'html-height': () => attributes(['height']),
  'html-dir': () => attributes(['dir']),
  'html-lang': () => attributes(['lang']),
  'html-role': () => attributes(['role']),
  'html-aria-describedby': () => attributes(['aria-describedby']),
  'html-aria-hidden': () => attributes(['aria-hidden']),
  'html-aria-label': () => attributes(['aria-label']),
  'html-aria-labelledby': () => attributes(['aria-labelledby']),
  'html-aria-live': () => attributes(['aria-live']),
  'html-target': () => attributes(['target']),
  'html-srcset': () => attributes(['srcset', 'sizes']),
  'html-loading-attribute': () => attributes(['loading']),
  'html-hidden': () => attributes(['hidden']),
  'html-required': () => attributes(['required']),
  'html-body': () => attributes(['bgcolor', 'background', 'style', 'text', 'link'], 'body'),
  'html-doctype': () => ({ doctype: true }),
  'image-base64': () => ({ imageTypes: [DATA_URI] }),
  'image-webp': () => ({ imageTypes: ['image/webp'] }),
  'image-avif': () => ({ imageTypes: ['image/avif'] }),
  'image-svg': () => ({ imageTypes: ['image/svg+xml'] }),
  'image-bmp': () => ({ imageTypes: ['image/bmp'] }),
  'image-tiff': () => ({ imageTypes: ['image/tiff'] }),
  'image-ico': () => ({ imageTypes: ['image/x-icon', 'image/vnd.microsoft.icon'] }),
  'image-heif': () => ({ imageTypes: ['image/heif', 'image/heic'] }),
  'image-apng': () => ({ imageTypes: ['image/apng'] }),
  'image-gif': () => ({ imageTypes: ['image/gif'] }),
  'image-png': () => ({ imageTypes: ['image/png'] }),
  'image-jpg': () => ({ imageTypes: ['image/jpeg'] }),
};

function valueProperty(pattern: RegExp): FeatureMatcher {
  return { declaration: (d) => (pattern.test(d.property) ? 'remove' : undefined) };
}

/** Features about a logical-property family list their properties in caniemail's keywords. */
const FROM_KEYWORDS =
  /^css-(border-inline-block|border-radius-logical|margin-|padding-|column-layout|grid-template|inset|block-inline-size)/;

/**
 * The matcher of a caniemail feature, or null when this service does not emulate it
 * (AMP, BIMI, link behaviour, accessibility-only features ...).
 */
export function matcherFor(feature: CaniemailFeature): FeatureMatcher | null {
  const special = SPECIAL[feature.slug];
  if (special) return special(feature);
  const unitMatch = /^css-unit-(\w+)$/.exec(feature.slug);
  if (unitMatch) return unit(unitMatch[1] === 'percent' ? '%' : unitMatch[1]);
  const pseudoMatch = /^css-pseudo-(class|element)-([\w-]+)$/.exec(feature.slug);
  if (pseudoMatch) return selectorWith(pseudo(pseudoMatch[2]));
  const property = feature.slug.replace(/^css-/, '');
  if (FROM_KEYWORDS.test(feature.slug)) {
    // The keywords list the longhands; a feature named after a shorthand (`inset`) is that too.
    const names = [...(KNOWN.has(property) ? [property] : []), ...propertyWords(feature)];
    if (names.length > 0) return properties(...names);
  }
  if (feature.slug.startsWith('css-') && KNOWN.has(property)) return properties(property);
  const tag =
    /^html-(abbr|acronym|address|bdi|blockquote|code|del|dfn|div|p|pre|rp|rt|ruby|small|span|strike|strong|table)$/.exec(
      feature.slug,
    );
  if (tag) {
    const inline = [
      'abbr',
      'acronym',
      'bdi',
      'code',
      'del',
      'dfn',
      'rp',
      'rt',
      'ruby',
      'small',
      'span',
      'strike',
      'strong',
    ];
    return elements(tag[1], inline.includes(tag[1]) ? 'rename-span' : 'rename-div');
  }
  if (feature.slug === 'html-h1-h6') return elements('h1, h2, h3, h4, h5, h6', 'rename-div');
  if (feature.slug === 'html-lists') return elements('ul, ol, li, dl, dt, dd', 'rename-div');
  return null;
}
