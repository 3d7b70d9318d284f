import sharp from 'sharp';

export interface Pixels {
  width: number;
  height: number;
  at(x: number, y: number): [number, number, number];
  /** Pixels in the box for which `test` holds. */
  count(test: (rgb: [number, number, number]) => boolean, box?: Box): number;
  /** Bounding box of the pixels for which `test` holds, or null. */
  bounds(test: (rgb: [number, number, number]) => boolean): Box | null;
}

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export async function readPixels(png: Buffer): Promise<Pixels> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number): [number, number, number] => {
    const i = (y * info.width + x) * 3;
    return [data[i], data[i + 1], data[i + 2]];
  };
  const each = (box: Box, visit: (x: number, y: number) => void) => {
    for (let y = box.top; y < box.bottom; y++)
      for (let x = box.left; x < box.right; x++) visit(x, y);
  };
  const whole = { left: 0, top: 0, right: info.width, bottom: info.height };
  return {
    width: info.width,
    height: info.height,
    at,
    count: (test, box = whole) => {
      let n = 0;
      each(box, (x, y) => void (test(at(x, y)) && n++));
      return n;
    },
    bounds: (test) => boundsWhere(info.width, info.height, (x, y) => test(at(x, y))),
  };
}

/** The smallest box holding every (x, y) of a width x height grid for which `holds` is true. */
function boundsWhere(
  width: number,
  height: number,
  holds: (x: number, y: number) => boolean,
): Box | null {
  let found: Box | null = null;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (!holds(x, y)) continue;
      found = found
        ? {
            left: Math.min(found.left, x),
            top: Math.min(found.top, y),
            right: Math.max(found.right, x),
            bottom: Math.max(found.bottom, y),
          }
        : { left: x, top: y, right: x, bottom: y };
    }
  return found;
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
