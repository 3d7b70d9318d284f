import type { ChildNode } from 'postcss';
import safeParse from 'postcss-safe-parser';
import { httpUrl, importTarget, leadingImports } from '../../../base/text/css-imports';
import { cssUrls } from './css-urls';
import { fontSourceUrl } from './font-source';
import { coversAny, parseUnicodeRange } from './unicode-range';

/** A web font an engine would download for this email: its family and file. */
export interface FontReference {
  family: string;
  url: string;
}

/** What a stylesheet makes an engine load, as absolute http(s) URLs in document order. */
export interface StylesheetReferences {
  imports: string[];
  fonts: FontReference[];
  images: string[];
}

const COMMENTS = /\/\*[\s\S]*?(?:\*\/|$)/g;
/** A @font-face block: its descriptors hold no braces (an unclosed one runs to the end). */
const FONT_FACES = /@font-face\s*\{[^}]*\}?/gi;
/** An @import statement, honoured or not: what it names is a stylesheet, never an image. */
const IMPORTS = /@import[^;{}]*;?/gi;

/**
 * The resources a stylesheet loads (`<style>` text, or a fetched stylesheet at `base`):
 * - `@import`s, only where an engine honours them: before any rule but @charset, @layer
 *   statements and other @imports (CSS Cascade 5 §6.1.2);
 * - per @font-face, the one file an engine would download (fontSourceUrl), and only when
 *   its `unicode-range` covers a character the email shows (`shown`), as an engine
 *   downloads a face only for text that uses it;
 * - images from `url()` everywhere else (`cid:` references too: a `<style>` block may name
 *   the email's own parts).
 * Relative URLs resolve against `base`; without one only absolute URLs count.
 *
 * Linear in the stylesheet: building postcss's tree of a 5 MB style block takes seconds,
 * so only the statements before its first block (where @imports may stand) and its
 * @font-face blocks are parsed, and the rest is only tokenized for url()s (cssUrls).
 */
export function stylesheetReferences(
  css: string,
  base: string | undefined,
  shown: ReadonlySet<number>,
): StylesheetReferences {
  const text = css.replace(COMMENTS, ' ');
  const absolute = (url: string) => httpUrl(url, base);
  const firstBlock = text.indexOf('{');
  const preludeEnd = firstBlock < 0 ? text.length : text.lastIndexOf(';', firstBlock) + 1;
  const fontFaces = text.match(FONT_FACES) ?? [];
  return {
    imports: importsOf(text.slice(0, preludeEnd), absolute),
    fonts: fontFaces.length ? fontsOf(fontFaces.join('\n'), absolute, shown) : [],
    images: cssUrls(text.slice(preludeEnd).replace(FONT_FACES, ' ').replace(IMPORTS, ' '))
      .map((url) => (/^\s*cid:/i.test(url) ? url.trim() : absolute(url)))
      .filter((url): url is string => url !== null),
  };
}

/** The @imports of a stylesheet's statements before its first block, in order. */
function importsOf(prelude: string, absolute: (url: string) => string | null): string[] {
  if (!/@import/i.test(prelude)) return [];
  // postcss-safe-parser recovers from broken CSS the way engines do (an unclosed string or
  // url), where postcss's own parser would throw and the email would load nothing.
  return leadingImports(safeParse(prelude).nodes as ChildNode[])
    .map((rule) => importTarget(rule).reference)
    .map((reference) => reference && absolute(reference))
    .filter((url): url is string => Boolean(url));
}

function fontsOf(
  fontFaces: string,
  absolute: (url: string) => string | null,
  shown: ReadonlySet<number>,
): FontReference[] {
  const fonts: FontReference[] = [];
  safeParse(fontFaces).walkAtRules(/^font-face$/i, (rule) => {
    const descriptors = new Map<string, string>();
    rule.walkDecls((decl) => void descriptors.set(decl.prop.toLowerCase(), decl.value));
    const source = fontSourceUrl(descriptors.get('src') ?? '');
    const url = source && absolute(source);
    if (!url || !coversAny(parseUnicodeRange(descriptors.get('unicode-range')), shown)) return;
    fonts.push({ family: unquote(descriptors.get('font-family') ?? ''), url });
  });
  return fonts;
}

function unquote(value: string): string {
  return value.trim().replace(/^(['"])(.*)\1$/, '$2');
}
