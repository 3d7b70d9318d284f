import * as cheerio from 'cheerio';
import { revealConditionalContent } from '../../../rendering/model/conditional-comments';
import { cssUrls } from './css-urls';
import { FontReference, stylesheetReferences } from './stylesheet-references';
import { codePointsOf } from './unicode-range';

/** Everything an email's HTML can make a client load, in document order, each once. */
export interface ResourceReferences {
  /** Absolute http(s) URLs of images (img, srcset, backgrounds, VML, CSS url()). */
  images: string[];
  /** Content-IDs referenced as `cid:` (resolved from the MIME parts). */
  contentIds: string[];
  /** Stylesheets: `<link rel="stylesheet">`, then the @imports of `<style>` blocks. */
  stylesheets: string[];
  /** The web font files of `<style>` blocks' @font-face rules the email's text needs. */
  fonts: FontReference[];
  /** `<video poster>` images. */
  posters: string[];
  /**
   * The characters the email shows, each once: fetched stylesheets' faces are chosen by them
   * too. A string, as it crosses from the inspection thread (codePointsOf reads it).
   */
  shown: string;
}

/**
 * Finds what an email loads, in every conditional-comment branch (what Outlook reveals
 * too), with cheerio (HTML) and stylesheetReferences (CSS). Which client loads what is
 * decided at render time; here everything any client may load is named once.
 */
export function extractResourceReferences(html: string): ResourceReferences {
  // htmlparser2 rather than parse5: finding attributes needs no tree repair, and it reads a
  // 5 MB email several times faster.
  const $ = cheerio.load(revealConditionalContent(html), { xml: { xmlMode: false } });
  const attr = (selector: string, name: string) =>
    $(selector)
      .toArray()
      .map((el) => $(el).attr(name)!);
  const images: string[] = [];
  const push = (target: string[], values: string[]) => {
    // A loop, not push(...values): a style block can hold more url()s than a call has arguments.
    for (const value of values) target.push(value);
  };
  push(images, attr('img[src], input[type="image"][src]', 'src'));
  for (const srcset of attr('img[srcset], source[srcset]', 'srcset'))
    push(
      images,
      srcset.split(',').map((candidate) => candidate.trim().split(/\s+/)[0]),
    );
  push(images, attr('[background]', 'background'));
  push(images, attr('v\\:fill[src], v\\:image[src], v\\:imagedata[src]', 'src'));
  for (const style of attr('[style]', 'style')) push(images, cssUrls(style));
  const stylesheets = $('link[href]')
    .toArray()
    .filter((el) => /(^|\s)stylesheet(\s|$)/i.test($(el).attr('rel') ?? ''))
    .map((el) => $(el).attr('href')!);
  const posters = attr('video[poster]', 'poster');
  const styleBlocks = $('style')
    .toArray()
    .map((el) => $(el).text());
  const shown = codePointsOf(shownText($)); // last: it drops what a reader does not see
  const fonts: FontReference[] = [];
  for (const block of styleBlocks) {
    const found = stylesheetReferences(block, undefined, shown);
    push(stylesheets, found.imports);
    push(images, found.images);
    for (const font of found.fonts) fonts.push(font);
  }
  const contentIds = new Set<string>();
  const remote = new Set<string>();
  for (const reference of images) {
    const value = reference.trim();
    if (/^cid:/i.test(value)) contentIds.add(value.slice(4).replace(/^<|>$/g, ''));
    else if (isHttpUrl(value)) remote.add(value);
  }
  return {
    images: [...remote],
    contentIds: [...contentIds],
    stylesheets: unique(stylesheets.map((url) => url.trim()).filter(isHttpUrl)),
    fonts: fonts.filter((font, index) => fonts.findIndex((f) => f.url === font.url) === index),
    posters: unique(posters.map((url) => url.trim()).filter(isHttpUrl)),
    shown: Array.from(shown, (codePoint) => String.fromCodePoint(codePoint)).join(''),
  };
}

/**
 * The text a reader sees, and images' alt text; it removes what is not shown (head, style
 * and script blocks) from the document, so it runs after everything else was read from it.
 */
function shownText($: cheerio.CheerioAPI): string {
  const alts = $('img[alt]')
    .toArray()
    .map((el) => $(el).attr('alt')!);
  $('head, title, style, script').remove();
  return [$.root().text(), ...alts].join(' ');
}

function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
