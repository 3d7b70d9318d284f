import valueParser from 'postcss-value-parser';

/**
 * url(...) values of CSS text: a stylesheet or a style attribute's declarations. One linear
 * pass of postcss-value-parser's tokenizer over the whole text: url() only stands in values
 * (and at-rule parameters), and building postcss's full tree of a 5 MB style block took
 * over a second at POST. An unclosed url( is CSS a client drops: nothing to load from it.
 */
export function cssUrls(css: string): string[] {
  if (!/url\(/i.test(css)) return [];
  const urls: string[] = [];
  valueParser(css).walk((node) => {
    if (node.type === 'function' && node.value.toLowerCase() === 'url' && !node.unclosed) {
      if (node.nodes[0]) urls.push(node.nodes[0].value);
    }
  });
  return urls;
}
