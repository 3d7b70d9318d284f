import * as cheerio from 'cheerio';
import type { Element } from 'domhandler';
import postcss, { type ChildNode, type Root } from 'postcss';
import safeParser from 'postcss-safe-parser';
import selectorParser from 'postcss-selector-parser';
import { DATA_URI, matcherFor, type FeatureMatcher } from './feature-matchers';
import { ALL_FEATURES, type CaniemailFeature } from './support-table';

/** Where in the email's source a feature is used: 1-based line and column. */
export interface SourcePosition {
  line: number;
  column: number;
}

/** One caniemail feature the email uses, and every place it does (first 20). */
export interface FeatureUse {
  slug: string;
  title: string;
  positions: SourcePosition[];
}

const MAX_POSITIONS = 20;
const IMAGE_TYPES: Record<string, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  ico: 'image/x-icon',
  heic: 'image/heic',
  heif: 'image/heif',
  apng: 'image/apng',
  gif: 'image/gif',
};

interface Span {
  startOffset: number;
  endOffset: number;
}
type Located = Element & {
  sourceCodeLocation?: Span & { attrs?: Record<string, Span>; startTag?: Span };
};

/**
 * Every caniemail feature the email's HTML uses, by the same matchers the emulation removes
 * them with (feature-matchers.ts), each with where it is in the source: parse5's locations
 * (through cheerio) for elements and attributes, PostCSS's for style sheets, offset by where
 * the sheet or the style attribute starts. Reading only: the email is not changed.
 */
export function featuresUsed(html: string): FeatureUse[] {
  const $ = cheerio.load(html, { sourceCodeLocationInfo: true } as never);
  const found = new Map<string, { feature: CaniemailFeature; positions: SourcePosition[] }>();
  const record = (feature: CaniemailFeature, position: SourcePosition) => {
    const use = found.get(feature.slug) ?? { feature, positions: [] };
    found.set(feature.slug, use);
    if (use.positions.length < MAX_POSITIONS) use.positions.push(position);
  };
  const matched = ALL_FEATURES.flatMap((feature) => {
    const matcher = matcherFor(feature);
    return matcher ? [{ feature, matcher }] : [];
  });
  const lines = lineStarts(html);
  const position = (offset: number) => positionOf(lines, offset);
  const at = (element: Element) =>
    position((element as Located).sourceCodeLocation?.startOffset ?? 0);

  if (/^\s*<!doctype/i.test(html))
    for (const { feature, matcher } of matched)
      if (matcher.doctype) record(feature, { line: 1, column: 1 });
  for (const { feature, matcher } of matched) {
    if (matcher.elements)
      $(matcher.elements.selector).each((_i, element) => record(feature, at(element as Element)));
    if (matcher.attributes) {
      const { selector, names } = matcher.attributes;
      $(selector).each((_i, element) => {
        const attrs = (element as Located).sourceCodeLocation?.attrs ?? {};
        const name = names.find((each) => attrs[each]);
        record(feature, name ? position(attrs[name].startOffset) : at(element as Element));
      });
    }
  }
  $('img[src]').each((_i, element) => {
    const type = imageTypeOf($(element).attr('src') ?? '');
    if (!type) return;
    for (const { feature, matcher } of matched)
      if (matcher.imageTypes?.includes(type)) record(feature, at(element as Element));
  });
  $('style').each((_i, element) => {
    const start = (element as Located).sourceCodeLocation?.startTag?.endOffset ?? 0;
    readSheet(
      safeParser($(element).text()) as Root,
      (offset) => position(start + offset),
      matched,
      record,
    );
  });
  $('[style]').each((_i, element) => {
    const spot = (element as Located).sourceCodeLocation?.attrs?.style;
    // The value starts after `style=` and its quote; the sheet read wraps it in `x{`.
    const raw = spot ? html.slice(spot.startOffset, spot.endOffset) : '';
    const quote = /^style\s*=\s*["']?/i.exec(raw)?.[0].length ?? 0;
    const start = (spot?.startOffset ?? 0) + quote - 2;
    const sheet = safeParser(`x{${$(element).attr('style')}}`) as Root;
    readSheet(sheet, (offset) => position(start + offset), matched, record);
  });
  return [...found.values()].map(({ feature, positions }) => ({
    slug: feature.slug,
    title: feature.title,
    positions,
  }));
}

function readSheet(
  sheet: Root,
  position: (offset: number) => SourcePosition,
  matched: { feature: CaniemailFeature; matcher: FeatureMatcher }[],
  record: (feature: CaniemailFeature, position: SourcePosition) => void,
): void {
  const where = (node: ChildNode) => position(node.source?.start?.offset ?? 0);
  sheet.walk((node) => {
    for (const { feature, matcher } of matched) {
      if (node.type === 'decl' && matcher.declaration?.(declarationOf(node)))
        record(feature, where(node));
      if (node.type === 'atrule' && matcher.atRule?.(node.name, node.params))
        record(feature, where(node));
      if (node.type === 'rule') {
        if (matcher.nestedRules && node.parent?.type === 'rule') record(feature, where(node));
        if (matcher.selector && usesSelector(node.selector, matcher)) record(feature, where(node));
      }
    }
  });
}

/** The offset each line of the source starts at. */
function lineStarts(source: string): number[] {
  const starts = [0];
  for (let index = source.indexOf('\n'); index !== -1; index = source.indexOf('\n', index + 1))
    starts.push(index + 1);
  return starts;
}

function positionOf(starts: number[], offset: number): SourcePosition {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle] <= offset) low = middle;
    else high = middle - 1;
  }
  return { line: low + 1, column: offset - starts[low] + 1 };
}

function usesSelector(selector: string, matcher: FeatureMatcher): boolean {
  let uses = false;
  try {
    selectorParser((selectors) => {
      selectors.each((each) => void (uses ||= matcher.selector!(each)));
    }).processSync(selector);
  } catch {
    return false; // a selector PostCSS's parser cannot read: no client reads it either
  }
  return uses;
}

function declarationOf(node: postcss.Declaration) {
  return {
    property: node.prop.toLowerCase(),
    value: node.value,
    important: node.important === true,
  };
}

function imageTypeOf(src: string): string | undefined {
  if (/^data:/i.test(src.trim())) return DATA_URI;
  const extension = /\.([a-z]+)(?:[?#]|$)/i.exec(src)?.[1]?.toLowerCase();
  return extension ? IMAGE_TYPES[extension] : undefined;
}
