import valueParser from 'postcss-value-parser';
import { unsupportedImageTypes } from '../caniemail/apply-caniemail';
import { DATA_URI } from '../caniemail/feature-matchers';
import { editInlineStyles, editStylesheets } from '../model/css-walker';
import { ASSET_ORIGIN, ImagePlan, MISSING_IMAGE, RenderImage } from '../model/email-content';
import type { EmailDocument } from '../model/email-document';
import type { Preparation } from '../model/client-family';
import type { RenderReport } from '../model/render-report';
import type { ImagesOption } from '../profile/options';
import { storedFonts } from './stylesheets';

const IMAGE_SOURCES = /^(img|input|v:fill|v:image|v:imagedata)$/i;

/** The images stage: the email's stored images (and posters, and web fonts), as the client shows them (or not). */
export function showStoredImages(p: Preparation): void {
  const notShown = unsupportedImageTypes(p.profile, p.family);
  // Web font files are served the same way, by the URL their @font-face names.
  const images = [...p.email.images, ...storedFonts(p)];
  p.plan = resolveImages(p.$, images, p.options.images, notShown, p.report);
  if (p.options.images !== 'blocked') reportImageFates(p);
  else drawBlockedImages(p);
}

/**
 * Images off, as the client draws an image it does not load (ClientFamily.blockedImages):
 * a webmail that removes the address leaves the browser to draw the alt text in the image's
 * box; a client with a placeholder of its own draws it in its drawing stage.
 */
function drawBlockedImages(p: Preparation): void {
  const how = p.family.blockedImages;
  if (!how) return;
  const unloaded = p.$('img').filter((_i, img) => p.$(img).attr('src') === MISSING_IMAGE);
  if (!unloaded.length) return;
  if (how.how === 'src-removed')
    unloaded.each((_i, img) => void p.$(img).removeAttr('src').removeAttr('srcset'));
  p.report.add(
    'rule:images-blocked-drawing',
    how.how === 'placeholder'
      ? "A blocked image is drawn as the client's placeholder"
      : 'A blocked image loses its address: the browser draws its alt text in its box',
    '<img>',
    how.source,
    unloaded.length,
  );
}

/** Past this many, the images of one fate are reported as one entry with their count. */
const IMAGES_LISTED = 100;

/** Each image the email names, with its fate: its stored copy shown, or why it has none. */
function reportImageFates(p: Preparation): void {
  const source = 'prefetch at POST /v1/emails';
  const list = (title: string, urls: { url: string; title: string }[]) => {
    urls
      .slice(0, IMAGES_LISTED)
      .forEach((image) => p.report.add('resource:image', image.title, image.url, source));
    if (urls.length > IMAGES_LISTED)
      p.report.add('resource:image', title, 'more images', source, urls.length - IMAGES_LISTED);
  };
  list(
    'Image loaded',
    p.email.images
      .filter((image) => !image.url.startsWith('cid:'))
      .map((image) => ({ url: image.url, title: 'Image loaded' })),
  );
  list(
    'Image missing',
    (p.email.missingImages ?? []).map((image) => ({
      url: image.url,
      title: `Image missing: ${image.reason}`,
    })),
  );
}

/**
 * Points every image reference at the renderer's own asset origin: stored copies are
 * served from memory; missing, blocked or unsupported ones fail as they do in the client
 * (alt text shows). With images=blocked, CSS and attribute backgrounds go too.
 */
export function resolveImages(
  $: EmailDocument,
  images: RenderImage[],
  option: ImagesOption,
  unsupportedTypes: Set<string>,
  report: RenderReport,
): ImagePlan {
  const byUrl = new Map(images.map((image) => [image.url, image]));
  const served = new Map<string, RenderImage>();
  const blocked = option === 'blocked';
  const rewrite = (reference: string): string => {
    const url = reference.trim();
    const dataType = /^data:([^;,]*)/i.exec(url);
    if (dataType) {
      const shown = !unsupportedTypes.has(DATA_URI) && !unsupportedTypes.has(`data:${dataType[1]}`);
      return !blocked && shown ? url : MISSING_IMAGE;
    }
    const image = byUrl.get(url) ?? byUrl.get(url.replace(/^cid:<?([^>]*)>?$/i, 'cid:$1'));
    if (blocked || !image || unsupportedTypes.has(image.contentType)) return MISSING_IMAGE;
    const path = `/${served.size}`;
    served.set(path, image);
    return `${ASSET_ORIGIN}${path}`;
  };

  // Images, image inputs, and the VML fills and images Word-engine clients draw.
  $('[src]')
    .filter((_i, el) => IMAGE_SOURCES.test(el.tagName) && !$(el).is('input:not([type="image" i])'))
    .each((_i, el) => void $(el).attr('src', rewrite($(el).attr('src')!)));
  // A video shows its poster until played (Apple Mail; clients without <video> drop it).
  $('video[poster]').each((_i, el) => void $(el).attr('poster', rewrite($(el).attr('poster')!)));
  $('img[srcset], source[srcset]').each((_i, el) => {
    const candidates = $(el)
      .attr('srcset')!
      .split(',')
      .map((candidate) => candidate.trim().split(/\s+/))
      .map(([url, ...descriptor]) => [rewrite(url), ...descriptor].join(' '));
    $(el).attr('srcset', candidates.join(', '));
  });
  $('[background]').each((_i, el) => {
    if (blocked) $(el).removeAttr('background');
    else $(el).attr('background', rewrite($(el).attr('background')!));
  });
  const rewriteCss = (root: import('postcss').Root) =>
    root.walkDecls((decl) => {
      if (!/url\(/i.test(decl.value)) return;
      if (blocked && /^background/i.test(decl.prop)) {
        if (/^background-image$/i.test(decl.prop)) return void decl.remove();
        decl.value = valueParser.stringify(
          valueParser(decl.value).nodes.filter(
            (node) => !(node.type === 'function' && node.value === 'url'),
          ),
        );
        return;
      }
      const parsed = valueParser(decl.value);
      parsed.walk((node) => {
        if (node.type === 'function' && node.value.toLowerCase() === 'url' && node.nodes[0]) {
          node.nodes = [
            {
              ...node.nodes[0],
              type: 'word',
              value: rewrite(node.nodes[0].value),
            } as valueParser.WordNode,
          ];
        }
      });
      decl.value = parsed.toString();
    });
  editStylesheets($, rewriteCss);
  editInlineStyles($, rewriteCss, (style) => /url\(/i.test(style));
  if (blocked)
    report.add(
      'rule:images-blocked',
      'Images blocked: alt text shown instead',
      '<img>',
      'The client setting "images off": alt text of each image shows in its box',
      $('img').length,
    );
  return { served };
}
