import * as cheerio from 'cheerio';
import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { CssDeclaration, inlineDeclarations, stylesheetRules } from './css-declarations';
import { StylesheetIndex } from './stylesheet-index';

/**
 * An email's HTML parsed once for all the static checks, with its `<style>` rules, and the styles
 * that apply to an element (which several checks ask for about the same elements).
 */
export interface HtmlDocument {
  $: CheerioAPI;
  /** The HTML as written: a few checks look at what the parser repaired (a missing `<html>`). */
  source: string;
  /** The declarations that apply to an element, the winning one per property. */
  style(el: Element): Map<string, string>;
}

/**
 * Parses with parse5 (cheerio's default) rather than htmlparser2: it repairs the tree as a
 * browser and a webmail do (tbody inserted, misnested tags closed), so element paths match
 * what a developer sees in the browser's inspector.
 */
export function parseHtmlDocument(html: string): HtmlDocument {
  const $ = cheerio.load(html);
  const rules = stylesheetRules(
    $('style')
      .toArray()
      .map((el) => $(el).text()),
  );
  const index = new StylesheetIndex($, rules);
  const cache = new Map<Element, Map<string, string>>();
  const style = (el: Element) => {
    let found = cache.get(el);
    if (!found) {
      found = appliedStyle(index.declarationsFor(el), inlineDeclarations(el.attribs.style));
      cache.set(el, found);
    }
    return found;
  };
  return { $, source: html, style };
}

/**
 * The stylesheet's declarations (in source order), then the style attribute's, which win unless
 * the stylesheet's is !important. Specificity between rules is not weighed: the later rule
 * wins. That is enough for what is asked here (is this hidden, in what colour), where emails
 * write one rule per class.
 */
function appliedStyle(stylesheet: CssDeclaration[], inline: CssDeclaration[]): Map<string, string> {
  const winning = new Map<string, CssDeclaration>();
  for (const declaration of stylesheet) {
    const current = winning.get(declaration.property);
    if (!current || declaration.important || !current.important)
      winning.set(declaration.property, declaration);
  }
  for (const declaration of inline) {
    const current = winning.get(declaration.property);
    if (!current || !current.important || declaration.important)
      winning.set(declaration.property, declaration);
  }
  return new Map([...winning].map(([property, { value }]) => [property, value]));
}
