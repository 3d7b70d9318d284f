import pixelmatch from 'pixelmatch';
import { crop, ImageSize, joinStrips, Rows, rowsOf, sizeOf, stripPng } from './image-strips';

/** pixelmatch's colour distance below which two pixels are the same (its default). */
export const DIFF_THRESHOLD = 0.1;
/** Changed pixels as pixelmatch draws them, and the area only one image covers. */
const CHANGED: [number, number, number] = [255, 0, 0];

/**
 * Pixels of one image decoded at once. Two whole 2,402 x 15,750 px captures decoded, with
 * pixelmatch's output and the canvas, are about 600 MB of Buffers, outside any thread's
 * heap budget, and the allocator keeps much of it after; in strips of this size a
 * comparison holds a few tens of MB whatever the images' height.
 */
const STRIP_PIXELS = 2_000_000;
/**
 * pixelmatch tells anti-aliasing by the pixels up to two rows around each one: each strip
 * is compared with this many rows of its neighbours, so strips count what the whole would.
 */
const OVERLAP = 2;

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

interface Pair {
  base: { png: Buffer; size: ImageSize };
  head: { png: Buffer; size: ImageSize };
  width: number;
  height: number;
  commonWidth: number;
  commonHeight: number;
  threshold: number;
}

/**
 * Compares two screenshots of one client with pixelmatch, which tells anti-aliasing from
 * change. Images of different sizes are compared, not refused: their common top-left area
 * pixel by pixel, and every pixel only one of them covers (an email grown or shrunk) counts
 * as changed, drawn red over the longer image. Decoded, compared and drawn strip by strip.
 */
export async function diffImages(
  basePng: Buffer,
  headPng: Buffer,
  threshold = DIFF_THRESHOLD,
): Promise<ImageDiff> {
  const [baseSize, headSize] = await Promise.all([sizeOf(basePng), sizeOf(headPng)]);
  const pair: Pair = {
    base: { png: basePng, size: baseSize },
    head: { png: headPng, size: headSize },
    width: Math.max(baseSize.width, headSize.width),
    height: Math.max(baseSize.height, headSize.height),
    commonWidth: Math.min(baseSize.width, headSize.width),
    commonHeight: Math.min(baseSize.height, headSize.height),
    threshold,
  };
  const { width, height } = pair;
  const rowsPerStrip = Math.max(1, Math.floor(STRIP_PIXELS / width));
  // One canvas and one pixelmatch output for every strip: each strip writes all of its pixels.
  const buffers = {
    canvas: Buffer.alloc(width * rowsPerStrip * 4),
    common: Buffer.alloc(pair.commonWidth * (rowsPerStrip + 2 * OVERLAP) * 4),
  };
  const strips: Buffer[] = [];
  let changedPixels = 0;
  for (let top = 0; top < height; top += rowsPerStrip) {
    const bottom = Math.min(height, top + rowsPerStrip);
    const strip = await diffStrip(pair, top, bottom, buffers);
    changedPixels += strip.changed;
    strips.push(await stripPng(strip.canvas, width, bottom - top));
  }
  const png = await joinStrips(strips, width, height);
  return { changedPixels, changedRatio: changedPixels / (width * height), width, height, png };
}

/** Rows [top, bottom) of the canvas drawn, and the changed pixels among them. */
async function diffStrip(
  pair: Pair,
  top: number,
  bottom: number,
  buffers: { canvas: Buffer; common: Buffer },
) {
  const { width, commonWidth, commonHeight } = pair;
  const from = Math.max(0, top - OVERLAP);
  const to = Math.min(pair.height, bottom + OVERLAP);
  const base = await rowsOf(pair.base.png, pair.base.size, from, to);
  const head = await rowsOf(pair.head.png, pair.head.size, from, to);
  const canvas = buffers.canvas.subarray(0, width * (bottom - top) * 4);
  let changed = 0;
  if (from < commonHeight) {
    const rows = Math.min(to, commonHeight) - from;
    const common = buffers.common.subarray(0, commonWidth * rows * 4);
    pixelmatch(
      crop(base!, commonWidth, rows),
      crop(head!, commonWidth, rows),
      common,
      commonWidth,
      rows,
      { threshold: pair.threshold, includeAA: false },
    );
    // The overlap rows are their own strips' to count: only this strip's rows, counted by
    // the colour pixelmatch draws a change in (unchanged pixels are grey, anti-aliasing yellow).
    for (let y = top; y < Math.min(bottom, commonHeight); y++) {
      const start = (y - from) * commonWidth * 4;
      common.copy(canvas, (y - top) * width * 4, start, start + commonWidth * 4);
      for (let at = start; at < start + commonWidth * 4; at += 4)
        if (common[at] === 255 && common[at + 1] === 0 && common[at + 2] === 0) changed++;
    }
  }
  for (let y = top; y < bottom; y++) {
    for (let x = y < commonHeight ? commonWidth : 0; x < width; x++) {
      markOutside(canvas, ((y - top) * width + x) * 4, covers(head, x, y) ? head : base, x, y);
      changed++;
    }
  }
  return { canvas, changed };
}

function covers(rows: Rows | null, x: number, y: number): rows is Rows {
  return rows !== null && x < rows.width && y >= rows.top && y < rows.top + rows.height;
}

/** A pixel only one image covers: its own grey, tinted with the change colour. */
function markOutside(canvas: Buffer, at: number, source: Rows | null, x: number, y: number) {
  if (!covers(source, x, y)) {
    canvas.set([...CHANGED, 255], at);
    return;
  }
  const from = ((y - source.top) * source.width + x) * 4;
  const grey =
    0.299 * source.data[from] + 0.587 * source.data[from + 1] + 0.114 * source.data[from + 2];
  canvas[at] = Math.round((CHANGED[0] + grey) / 2);
  canvas[at + 1] = Math.round((CHANGED[1] + grey) / 2);
  canvas[at + 2] = Math.round((CHANGED[2] + grey) / 2);
  canvas[at + 3] = 255;
}
