import sharp from 'sharp';

export interface Pixels {
  width: number;
  height: number;
  at(x: number, y: number): [number, number, number];
  /** Pixels in the box for which `test` holds. */
  count(test: (rgb: [number, number, number]) => boolean, box?: Box): number;
  /** Bounding box of the pixels for which `test` holds, or null. */
  bounds(test: (rgb: [number, number, number]) => boolean): Box | null;
  /** The bounding box of each colour (every channel within `tolerance`), all in one scan. */
  colourBounds(colours: readonly (readonly number[])[], tolerance: number): (Box | null)[];
}

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * The pixels of a PNG, read once into raw RGB. Scans reuse one RGB tuple for every pixel
 * (a test reads it, never keeps it): a tall capture at 3x holds millions of pixels, and a
 * tuple and a box allocated per pixel made these scans the e2e suite's largest CPU cost.
 */
export async function readPixels(png: Buffer): Promise<Pixels> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const at = (x: number, y: number): [number, number, number] => {
    const i = (y * width + x) * 3;
    return [data[i], data[i + 1], data[i + 2]];
  };
  const rgb: [number, number, number] = [0, 0, 0];
  const holds = (test: (rgb: [number, number, number]) => boolean) => (x: number, y: number) => {
    const i = (y * width + x) * 3;
    rgb[0] = data[i];
    rgb[1] = data[i + 1];
    rgb[2] = data[i + 2];
    return test(rgb);
  };
  return {
    width,
    height,
    at,
    count: (test, box = { left: 0, top: 0, right: width, bottom: height }) => {
      const pixelHolds = holds(test);
      let n = 0;
      for (let y = box.top; y < box.bottom; y++)
        for (let x = box.left; x < box.right; x++) if (pixelHolds(x, y)) n++;
      return n;
    },
    bounds: (test) => boundsWhere(width, height, holds(test)),
    colourBounds: (colours, tolerance) => {
      // A capture at 3x is millions of pixels and a suite scans thousands of millions: each
      // pixel looks up which colours its 32-level bucket could match (mostly none), and
      // only those are compared exactly.
      const candidates = colourBuckets(colours, tolerance);
      const found = Int32Array.from(colours.flatMap(() => [width, height, -1, -1]));
      for (let y = 0, i = 0; y < height; y++)
        for (let x = 0; x < width; x++, i += 3) {
          const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
          let mask = candidates[((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3)];
          for (let k = 0; mask; k++, mask >>>= 1) {
            if (!(mask & 1)) continue;
            const [r0, g0, b0] = colours[k];
            const near =
              Math.abs(r - r0) <= tolerance &&
              Math.abs(g - g0) <= tolerance &&
              Math.abs(b - b0) <= tolerance;
            if (!near) continue;
            if (x < found[k * 4]) found[k * 4] = x;
            if (y < found[k * 4 + 1]) found[k * 4 + 1] = y;
            if (x > found[k * 4 + 2]) found[k * 4 + 2] = x;
            found[k * 4 + 3] = y;
          }
        }
      return colours.map((_, k) => {
        const [left, top, right, bottom] = found.subarray(k * 4, k * 4 + 4);
        return right < 0 ? null : { left, top, right, bottom };
      });
    },
  };
}

/** For each 32-level RGB bucket, a bit for every colour a pixel in it may be within `tolerance` of. */
function colourBuckets(colours: readonly (readonly number[])[], tolerance: number): Uint32Array {
  if (colours.length > 32) throw new Error('at most 32 colours in one scan');
  const buckets = new Uint32Array(32 * 32 * 32);
  const levels = (v: number) => {
    const [from, to] = [Math.max(0, v - tolerance) >> 3, Math.min(255, v + tolerance) >> 3];
    return Array.from({ length: to - from + 1 }, (_, i) => from + i);
  };
  colours.forEach(([r, g, b], k) => {
    for (const rl of levels(r))
      for (const gl of levels(g))
        for (const bl of levels(b)) buckets[(rl << 10) | (gl << 5) | bl] |= 1 << k;
  });
  return buckets;
}

/** The smallest box holding every (x, y) of a width x height grid for which `holds` is true. */
function boundsWhere(
  width: number,
  height: number,
  holds: (x: number, y: number) => boolean,
): Box | null {
  let [left, top, right, bottom] = [width, height, -1, -1];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (!holds(x, y)) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      bottom = y;
    }
  return right < 0 ? null : { left, top, right, bottom };
}

/**
 * Where two pictures of the same size differ (the box of every changed pixel), or null.
 * `shift`: a pixel counts as changed only when no pixel within that many pixels of it in the
 * other picture is within `tolerance` of it on every channel, both ways: Chromium now and then
 * draws the same page up to a CSS pixel apart (about one time in fifty at a scale of 3: three
 * device pixels), which must not read as a change of text. `atLeast`: fewer changed pixels than
 * this (a colour emoji's edge so redrawn) is no change either.
 */
export function differenceBounds(
  a: Pixels,
  b: Pixels,
  {
    shift = 0,
    tolerance = 0,
    atLeast = 1,
  }: { shift?: number; tolerance?: number; atLeast?: number } = {},
): Box | null {
  if (a.width !== b.width || a.height !== b.height)
    throw new Error(`the pictures differ in size: ${a.width}x${a.height}, ${b.width}x${b.height}`);
  const near = (p: [number, number, number], q: [number, number, number]) =>
    Math.abs(p[0] - q[0]) <= tolerance &&
    Math.abs(p[1] - q[1]) <= tolerance &&
    Math.abs(p[2] - q[2]) <= tolerance;
  const foundNear = (from: Pixels, to: Pixels, x: number, y: number) => {
    const pixel = from.at(x, y);
    for (let dy = -shift; dy <= shift; dy++)
      for (let dx = -shift; dx <= shift; dx++) {
        const [nx, ny] = [x + dx, y + dy];
        if (nx >= 0 && ny >= 0 && nx < to.width && ny < to.height && near(pixel, to.at(nx, ny)))
          return true;
      }
    return false;
  };
  let changed = 0;
  const box = boundsWhere(a.width, a.height, (x, y) => {
    if (near(a.at(x, y), b.at(x, y))) return false;
    const differs = !foundNear(a, b, x, y) || !foundNear(b, a, x, y);
    if (differs) changed++;
    return differs;
  });
  return changed >= atLeast ? box : null;
}

export const isGreen = ([r, g, b]: [number, number, number]) => g > 90 && r < 60 && b < 60;
export const isRed = ([r, g, b]: [number, number, number]) => r > 200 && g < 60 && b < 60;
export const isBlue = ([r, g, b]: [number, number, number]) => b > 200 && r < 60 && g < 60;
export const isMagenta = ([r, g, b]: [number, number, number]) => r > 200 && g < 60 && b > 200;
export const isDark = ([r, g, b]: [number, number, number]) => r + g + b < 150;
export const luminance = ([r, g, b]: [number, number, number]) =>
  0.2126 * r + 0.7152 * g + 0.0722 * b;
