/** An inclusive range of code points. */
export type CodePointRange = readonly [start: number, end: number];

const MAX_CODE_POINT = 0x10ffff;
const EVERYTHING: CodePointRange[] = [[0, MAX_CODE_POINT]];
/** `U+` then 1-6 hex digits, or hex digits ending in `?` wildcards, or `hex-hex`. */
const URANGE = /^u\+([0-9a-f?]{1,6})(?:-([0-9a-f]{1,6}))?$/i;

/**
 * A @font-face `unicode-range` descriptor's ranges (CSS Fonts 4 §4.5). An invalid descriptor
 * is dropped by the engine, which leaves the default, every code point.
 *
 * Written here rather than taken from @japont/unicode-range: that library expands each
 * range into a list of its code points, and a hostile stylesheet of many faces at
 * U+0-10FFFF would have it allocate millions of numbers per face.
 */
export function parseUnicodeRange(value: string | undefined): CodePointRange[] {
  if (value === undefined) return EVERYTHING;
  const ranges: CodePointRange[] = [];
  for (const part of value.split(',')) {
    const match = URANGE.exec(part.trim());
    if (!match) return EVERYTHING;
    const [, first, last] = match;
    let range: CodePointRange;
    if (first.includes('?')) {
      if (last !== undefined || !/^[0-9a-f]*\?+$/i.test(first)) return EVERYTHING;
      range = [parseInt(first.replace(/\?/g, '0'), 16), parseInt(first.replace(/\?/g, 'f'), 16)];
    } else {
      range = [parseInt(first, 16), parseInt(last ?? first, 16)];
    }
    if (range[0] > range[1] || range[0] > MAX_CODE_POINT) return EVERYTHING;
    ranges.push([range[0], Math.min(range[1], MAX_CODE_POINT)]);
  }
  return ranges;
}

/** Whether any of `codePoints` falls in `ranges`: the engine would download this face. */
export function coversAny(ranges: CodePointRange[], codePoints: ReadonlySet<number>): boolean {
  if (ranges.some(([start, end]) => start === 0 && end === MAX_CODE_POINT)) return true;
  for (const codePoint of codePoints)
    if (ranges.some(([start, end]) => codePoint >= start && codePoint <= end)) return true;
  return false;
}

/** The code points of a text, each once. */
export function codePointsOf(text: string): Set<number> {
  const found = new Set<number>();
  for (const character of text) found.add(character.codePointAt(0)!);
  return found;
}
