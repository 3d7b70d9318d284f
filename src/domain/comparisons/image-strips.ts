import sharp from 'sharp';

export interface ImageSize {
  width: number;
  height: number;
}

/** Some whole rows of an image, as RGBA: rows [top, top + height). */
export interface Rows extends ImageSize {
  top: number;
  data: Buffer;
}

export async function sizeOf(png: Buffer): Promise<ImageSize> {
  const { width, height } = await sharp(png).metadata();
  return { width, height };
}

/**
 * Rows [top, bottom) of a PNG (those it has), decoded alone: libvips reads the rows above
 * and lets them go, so only these are held. Null when the image has none of them.
 */
export async function rowsOf(
  png: Buffer,
  size: ImageSize,
  top: number,
  bottom: number,
): Promise<Rows | null> {
  const height = Math.min(bottom, size.height) - top;
  if (height <= 0) return null;
  const data = await sharp(png)
    .extract({ left: 0, top, width: size.width, height })
    .ensureAlpha()
    .raw()
    .toBuffer();
  return { data, width: size.width, height, top };
}

/** The first `rows` rows of `image`, cut to `width` columns. */
export function crop(image: Rows, width: number, rows: number): Buffer {
  if (image.width === width) return image.data.subarray(0, width * rows * 4);
  const out = Buffer.alloc(width * rows * 4);
  for (let y = 0; y < rows; y++)
    image.data.copy(out, y * width * 4, y * image.width * 4, (y * image.width + width) * 4);
  return out;
}

/** A drawn strip, kept compressed (fast) until the strips are joined. */
export function stripPng(canvas: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(canvas, { raw: { width, height, channels: 4 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/**
 * The strips stacked into one PNG, encoded row by row as libvips reads them in. join lays
 * out equal cells (the last strip may be shorter): the canvas is cut back to its height;
 * it needs two images at least.
 */
export function joinStrips(strips: Buffer[], width: number, height: number): Promise<Buffer> {
  const image =
    strips.length === 1
      ? sharp(strips[0])
      : sharp(strips, { join: { across: 1 } }).extract({ left: 0, top: 0, width, height });
  return image.png().toBuffer();
}
