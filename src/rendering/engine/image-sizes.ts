import { createHash } from 'node:crypto';
import sharp from 'sharp';

export const THUMB450_WIDTH = 450;
export const THUMB_WIDTH = 120;

/** Machado, Oliveira and Fernandes (2009), deuteranopia at full severity. */
const DEUTERANOPIA: [[number, number, number], [number, number, number], [number, number, number]] =
  [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ];

export interface Thumbnails {
  thumb450: Buffer;
  thumb: Buffer;
}

/** The full image, and its thumbnails still being made (off the answer's path). */
export interface ImageSizes {
  full: Buffer;
  /** Device pixels of the full image. */
  width: number;
  height: number;
  /** SHA-256 of the full PNG (hex): names the stored files of every capture sharing it. */
  digest: string;
  /** Device pixels of the image's top that the thumbnails show (the client's screen). */
  thumbnailTop: number;
  /**
   * Makes the thumbnails on the first call (once; later calls share the result). Called
   * after the full image is stored and answered, so that work does not compete with it.
   */
  thumbnails: () => Promise<Thumbnails>;
}

export interface SizeOptions {
  /** Thumbnails show the top of the email at the client's screen proportions. */
  viewportAspect: number;
}

/** Raw pixels of a screenshot: packed RGB rows, top to bottom. */
export interface RawPixels {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * A screenshot as an engine gives it: a PNG it encoded, or raw pixels (lent by the engine
 * until `release`), encoded here once with whatever marks they need.
 */
export type Shot = { png: Buffer } | { pixels: RawPixels; release(): void };

/** What a picture gets on top of the engine's pixels. */
export interface Marks {
  /** The capture was cut at this height (CSS pixels): a band says so at its foot. */
  truncatedAt?: number;
  colorblind?: boolean;
}

/**
 * A fast PNG, as Chromium's own fast path: no adaptive filtering, light compression. Measured
 * on a 1179 x 16,383 screenshot: 96 ms of CPU (0.9 MB), against 562 ms with adaptive filters.
 */
const FAST_PNG = { compressionLevel: 2, adaptiveFiltering: false } as const;

function truncationMarker(width: number, cssHeight: number): Buffer {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="40">
    <rect width="100%" height="100%" fill="#b00020"/>
    <text x="50%" y="26" font-family="Liberation Sans, Arial, sans-serif" font-size="18" fill="#fff"
      text-anchor="middle">Capture cut at ${cssHeight} px: the email is longer</text></svg>`;
  return Buffer.from(svg);
}

/**
 * The full PNG of a shot, marked when cut and recoloured for the colour-blind profile: an
 * engine's PNG as it is when it needs neither; raw pixels encoded once, marks and all.
 */
export async function finishedImage(
  shot: Shot,
  { truncatedAt, colorblind }: Marks,
): Promise<Buffer> {
  try {
    if ('png' in shot && truncatedAt === undefined && !colorblind) return shot.png;
    let image =
      'png' in shot
        ? sharp(shot.png)
        : sharp(shot.pixels.data, {
            raw: { width: shot.pixels.width, height: shot.pixels.height, channels: 3 },
          });
    if (colorblind) image = image.recomb(DEUTERANOPIA);
    if (truncatedAt !== undefined) {
      const width = 'png' in shot ? (await image.metadata()).width! : shot.pixels.width;
      image = image.composite([{ input: truncationMarker(width, truncatedAt), gravity: 'south' }]);
    }
    return await image.png(FAST_PNG).toBuffer();
  } finally {
    if ('release' in shot) shot.release();
  }
}

/**
 * The full PNG's sizes and digest at once, and its two thumbnails on demand: a capture is
 * answered as soon as its full image is stored, and the thumbnails follow (see
 * CaptureThumbnails).
 */
export async function makeImageSizes(full: Buffer, options: SizeOptions): Promise<ImageSizes> {
  const { width, height } = await sharp(full).metadata();
  const thumbnailTop = thumbnailTopOf(width!, height!, options.viewportAspect);
  let made: Promise<Thumbnails> | undefined;
  const thumbnails = () => (made ??= makeThumbnails(full, options.viewportAspect));
  const digest = createHash('sha256').update(full).digest('hex');
  return { full, width: width!, height: height!, digest, thumbnailTop, thumbnails };
}

/** The height of the top the thumbnails show: the client's screen proportions, at most all. */
function thumbnailTopOf(width: number, height: number, viewportAspect: number): number {
  return Math.min(height, Math.round(width * viewportAspect));
}

/**
 * The two thumbnails of a full image: its top at the client's screen proportions
 * (`viewportAspect`, height over width), 450 and 120 px wide. The full image is decoded
 * once (the most of the work): the 120 px one is made from the 450 px one's pixels.
 */
export async function makeThumbnails(full: Buffer, viewportAspect: number): Promise<Thumbnails> {
  const { width, height } = await sharp(full).metadata();
  const cropHeight = thumbnailTopOf(width!, height!, viewportAspect);
  const { data, info } = await sharp(full)
    .extract({ left: 0, top: 0, width: width!, height: cropHeight })
    .resize({ width: THUMB450_WIDTH })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const top = sharp(data, { raw: info });
  const [thumb450, thumb] = await Promise.all([
    top.clone().png({ compressionLevel: 6 }).toBuffer(),
    top.clone().resize({ width: THUMB_WIDTH }).png({ compressionLevel: 6 }).toBuffer(),
  ]);
  return { thumb450, thumb };
}
