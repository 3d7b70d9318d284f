import valueParser from 'postcss-value-parser';

/**
 * The formats every engine we render with (Chromium, WebKit, Gecko) loads, by their
 * `format()` names (CSS Fonts 4 §4.3.1); `collection`, `embedded-opentype` and `svg` are not.
 */
const LOADED_FORMATS = new Set(['woff2', 'woff', 'truetype', 'opentype']);

/**
 * The URL an engine downloads for a @font-face `src` descriptor: the first `url()` whose
 * `format()` it supports, or that names none (CSS Fonts 4 §4.3: the list is tried in order
 * and the first loadable one is used). `local()` entries name fonts installed on the reader's
 * machine, which the preview cannot know: they are passed over, as on a machine without
 * them. Null when no entry can load.
 */
export function fontSourceUrl(src: string): string | null {
  for (const entry of splitCommas(src)) {
    const url = entry.find(
      (node) => node.type === 'function' && node.value.toLowerCase() === 'url',
    );
    if (!url || url.type !== 'function' || !url.nodes[0]) continue;
    const format = entry.find(
      (node) => node.type === 'function' && node.value.toLowerCase() === 'format',
    );
    if (format && format.type === 'function') {
      const names = format.nodes
        .filter((node) => node.type === 'string' || node.type === 'word')
        .map((node) => node.value.toLowerCase().replace(/-variations$/, ''));
      if (!names.some((name) => LOADED_FORMATS.has(name))) continue;
    }
    return url.nodes[0].value;
  }
  return null;
}

function splitCommas(value: string): valueParser.Node[][] {
  const entries: valueParser.Node[][] = [[]];
  for (const node of valueParser(value).nodes) {
    if (node.type === 'div' && node.value === ',') entries.push([]);
    else entries[entries.length - 1].push(node);
  }
  return entries;
}
