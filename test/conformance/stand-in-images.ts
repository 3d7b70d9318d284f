import sharp from 'sharp';
import type { RenderImage } from '../../src/rendering/model/email-content';

/**
 * caniemail's tests load their images from the web (caniemail.com, dummyimage.com, imgur...):
 * in the clients it tested they were drawn. Nothing here reaches the network, so each image
 * URL a test names gets a stand-in stored copy, as an email's images get theirs at POST: the
 * size a placeholder service's URL names (dummyimage.com/150x150/ff0000/ffffff: 150×150, red),
 * else 200×150, drawn in two colours so that it shows against any background. The pixels are
 * not the original's; what the oracle reads is whether an image is drawn at all, and where.
 */
const URL_IN_TEST = /https?:\/\/[^\s"'()<>\\]+/g;
/** Not images: fonts and stylesheets the tests load (those take the resources' path). */
const NOT_IMAGES = /\.(woff2?|ttf|otf|eot|css)(\?|#|$)/i;

const made = new Map<string, Promise<RenderImage[]>>();

/** Stand-ins for every image URL `html` names, under each spelling it may be read by. */
export function standInImages(html: string): Promise<RenderImage[]> {
  const urls = [...new Set(html.match(URL_IN_TEST) ?? [])].filter((url) => !NOT_IMAGES.test(url));
  return Promise.all(urls.map(standIn)).then((lists) => lists.flat());
}

function standIn(url: string): Promise<RenderImage[]> {
  let images = made.get(url);
  if (!images) {
    images = draw(url).then((image) => {
      // An attribute's value is read with its entities decoded: `&amp;` in the HTML is `&`.
      const decoded = url.replace(/&amp;/g, '&');
      return decoded === url ? [image] : [image, { ...image, url: decoded }];
    });
    made.set(url, images);
  }
  return images;
}

async function draw(url: string): Promise<RenderImage> {
  const sized = /\/(\d{1,4})x(\d{1,4})(?:\/([0-9a-f]{3,6}))?/i.exec(url);
  const width = Math.min(Number(sized?.[1] ?? 200), 2000) || 200;
  const height = Math.min(Number(sized?.[2] ?? 150), 2000) || 150;
  const fill = sized?.[3] ? `#${sized[3]}` : '#3b82f6';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${fill}"/><path d="M0 ${height} L${width} 0 L${width} ${height / 3} L${width / 3} ${height} Z" fill="#f97316"/></svg>`;
  if (/\.svg(\?|#|$)/i.test(url))
    return { url, contentType: 'image/svg+xml', data: Buffer.from(svg) };
  return { url, contentType: 'image/png', data: await sharp(Buffer.from(svg)).png().toBuffer() };
}
