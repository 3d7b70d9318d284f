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

/** Where two pictures of the same size differ (the box of every changed pixel), or null. */
export function differenceBounds(a: Pixels, b: Pixels): Box | null {
  if (a.width !== b.width || a.height !== b.height)
    throw new Error(`the pictures differ in size: ${a.width}x${a.height}, ${b.width}x${b.height}`);
  return boundsWhere(a.width, a.height, (x, y) => {
    const [p, q] = [a.at(x, y), b.at(x, y)];
    return p[0] !== q[0] || p[1] !== q[1] || p[2] !== q[2];
  });
}

export const isGreen = ([r, g, b]: [number, number, number]) => g > 90 && r < 60 && b < 60;
export const isRed = ([r, g, b]: [number, number, number]) => r > 200 && g < 60 && b < 60;
export const isBlue = ([r, g, b]: [number, number, number]) => b > 200 && r < 60 && g < 60;
export const isMagenta = ([r, g, b]: [number, number, number]) => r > 200 && g < 60 && b > 200;
export const isDark = ([r, g, b]: [number, number, number]) => r + g + b < 150;
export const luminance = ([r, g, b]: [number, number, number]) =>
  0.2126 * r + 0.7152 * g + 0.0722 * b;
