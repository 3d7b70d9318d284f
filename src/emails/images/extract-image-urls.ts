import * as cheerio from 'cheerio';
import postcss from 'postcss';
import valueParser from 'postcss-value-parser';
import { revealConditionalContent } from '../../rendering/transforms/word/conditional-comments';

/** The URLs an email's HTML would load as images, in document order, without duplicates. */
export interface ImageReferences {
  /** Absolute http(s) URLs to prefetch. */
  remote: string[];
  /** Content-IDs referenced as `cid:` (resolved from the MIME parts). */
  contentIds: string[];
}

/**
 * Finds image references in img src/srcset, background attributes, VML fills and images,
 * CSS url() in style attributes and style blocks, in every conditional-comment branch (what
 * Outlook reveals too). Parsed with cheerio (HTML) and postcss (CSS).
 */
export function extractImageReferences(html: string): ImageReferences {
  const $ = cheerio.load(revealConditionalContent(html));
  const found: string[] = [];
  $('img[src], input[type="image"][src]').each((_i, el) => void found.push($(el).attr('src')!));
  $('img[srcset], source[srcset]').each((_i, el) => {
    for (const candidate of $(el).attr('srcset')!.split(','))
      found.push(candidate.trim().split(/\s+/)[0]);
  });
  $('[background]').each((_i, el) => void found.push($(el).attr('background')!));
  $('v\\:fill[src], v\\:image[src], v\\:imagedata[src]').each(
    (_i, el) => void found.push($(el).attr('src')!),
  );
  $('[style]').each((_i, el) => void found.push(...cssUrls($(el).attr('style')!, true)));
  // A loop, not push(...urls): a style block can hold more url()s than a call has arguments.
  $('style').each((_i, el) => {
    for (const url of cssUrls($(el).text(), false)) found.push(url);
  });

  const remote = new Set<string>();
  const contentIds = new Set<string>();
  for (const reference of found) {
    const value = reference.trim();
    if (/^cid:/i.test(value)) contentIds.add(value.slice(4).replace(/^<|>$/g, ''));
    else if (/^https?:\/\//i.test(value) && isAbsoluteUrl(value)) remote.add(value);
  }
  return { remote: [...remote], contentIds: [...contentIds] };
}

function isAbsoluteUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/** url(...) values of a stylesheet or of a style attribute's declarations. */
export function cssUrls(css: string, declarationsOnly: boolean): string[] {
  let root: postcss.Root;
  try {
    root = postcss.parse(declarationsOnly ? `x{${css}}` : css);
  } catch {
    return []; // a client drops CSS it cannot parse; there is nothing to load from it
  }
  const urls: string[] = [];
  root.walkDecls((decl) => {
    valueParser(decl.value).walk((node) => {
      if (node.type === 'function' && node.value.toLowerCase() === 'url' && node.nodes[0]) {
        urls.push(node.nodes[0].value);
      }
    });
  });
  return urls;
}
