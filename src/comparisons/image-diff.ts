import pixelmatch from 'pixelmatch';
import sharp from 'sharp';

/** pixelmatch's colour distance below which two pixels are the same (its default). */
export const DIFF_THRESHOLD = 0.1;
/** Changed pixels as pixelmatch draws them, and the area only one image covers. */
const CHANGED: [number, number, number] = [255, 0, 0];

export interface ImageDiff {
  /** Pixels that differ, the area covered by one image only included. */
  changedPixels: number;
  /** changedPixels over the larger canvas's area, 0 for identical images. */
  changedRatio: number;
  width: number;
  height: number;
  /** The larger canvas: unchanged pixels faded, changes in red, anti-aliasing in yellow. */
  png: Buffer;
}

interface Raw {
  data: Buffer;
  width: number;
  height: number;
}

async function decode(png: Buffer): Promise<Raw> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The top-left `width` x `height` of an image, row by row. */
function crop(image: Raw, width: number, height: number): Buffer {
  if (image.width === width) return image.data.subarray(0, width * height * 4);
  const out = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++)
    image.data.copy(out, y * width * 4, y * image.width * 4, (y * image.width + width) * 4);
  return out;
}

/**
 * Compares two screenshots of one client with pixelmatch, which tells anti-aliasing from
 * change. Images of different sizes are compared, not refused: their common top-left area
 * pixel by pixel, and every pixel only one of them covers (an email grown or shrunk) counts
 * as changed, drawn red over the longer image.
 */
export async function diffImages(
  basePng: Buffer,
  headPng: Buffer,
  threshold = DIFF_THRESHOLD,
): Promise<ImageDiff> {
  const [base, head] = await Promise.all([decode(basePng), decode(headPng)]);
  const width = Math.max(base.width, head.width);
  const height = Math.max(base.height, head.height);
  const commonWidth = Math.min(base.width, head.width);
  const commonHeight = Math.min(base.height, head.height);
  const common = Buffer.alloc(commonWidth * commonHeight * 4);
  const inCommon = pixelmatch(
    crop(base, commonWidth, commonHeight),
    crop(head, commonWidth, commonHeight),
    common,
    commonWidth,
    commonHeight,
    { threshold, includeAA: false },
  );
  const canvas = Buffer.alloc(width * height * 4);
  for (let y = 0; y < commonHeight; y++)
    common.copy(canvas, y * width * 4, y * commonWidth * 4, (y + 1) * commonWidth * 4);
  let outside = 0;
  for (let y = 0; y < height; y++) {
    for (let x = y < commonHeight ? commonWidth : 0; x < width; x++) {
      const source = x < head.width && y < head.height ? head : base;
      markOutside(canvas, (y * width + x) * 4, source, x, y);
      outside++;
    }
  }
  const changedPixels = inCommon + outside;
  const png = await sharp(canvas, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
  return { changedPixels, changedRatio: changedPixels / (width * height), width, height, png };
}

/** A pixel only one image covers: its own grey, tinted with the change colour. */
function markOutside(canvas: Buffer, at: number, source: Raw, x: number, y: number): void {
  if (x >= source.width || y >= source.height) {
    canvas.set([...CHANGED, 255], at);
    return;
  }
  const from = (y * source.width + x) * 4;
  const grey =
    0.299 * source.data[from] + 0.587 * source.data[from + 1] + 0.114 * source.data[from + 2];
  canvas[at] = Math.round((CHANGED[0] + grey) / 2);
  canvas[at + 1] = Math.round((CHANGED[1] + grey) / 2);
  canvas[at + 2] = Math.round((CHANGED[2] + grey) / 2);
  canvas[at + 3] = 255;
}
