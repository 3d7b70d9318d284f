import pixelmatch from 'pixelmatch';
import sharp from 'sharp';

/** A picture as RGBA bytes. */
export interface Picture {
  data: Buffer;
  width: number;
  height: number;
}

export async function pictureOf(png: Buffer): Promise<Picture> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * The four renders one decision reads, all of one caniemail test:
 * - `client` and `clientWithout`: the profile's own render, and the same with the feature taken
 *   out of the email before the client's preparation;
 * - `engine` and `engineWithout`: the same engine, viewport, scale and scheme with no emulation
 *   at all (full support), with and without the feature.
 */
export interface Renders {
  client: Picture;
  clientWithout: Picture;
  engine: Picture;
  engineWithout: Picture;
}

export type Verdict = 'supported' | 'unsupported' | 'undecided';

export interface Decision {
  verdict: Verdict;
  /** Pixels the feature changes in the engine's own picture, and in the client's. */
  engineChange: number;
  clientChange: number;
  /** Why the oracle could not decide (undecided only). */
  why?: string;
}

/**
 * Fewer differing pixels than this are no change: anti-aliasing at a glyph's edge, a caret.
 * A feature's smallest visible effect in caniemail's tests (a 1px border over a 100px cell)
 * is well above it.
 */
export const NOISE_PIXELS = 24;
/**
 * A client's change smaller than this share of the engine's is neither the feature drawn nor
 * the feature gone: too little to tell (a partial support, or a side effect of the removal).
 */
const PARTIAL_SHARE = 0.05;

/**
 * Pixels that differ between two pictures (pixelmatch, its default threshold), rows that only
 * the taller one has counted as changed.
 */
export function changedPixels(a: Picture, b: Picture): number {
  const width = Math.min(a.width, b.width);
  const height = Math.min(a.height, b.height);
  const crop = (p: Picture) => {
    if (p.width === width && p.height === height) return p.data;
    const out = Buffer.alloc(width * height * 4);
    for (let y = 0; y < height; y++)
      p.data.copy(out, y * width * 4, y * p.width * 4, y * p.width * 4 + width * 4);
    return out;
  };
  const shared = pixelmatch(crop(a), crop(b), null, width, height, { threshold: 0.1 });
  const extra = Math.max(a.width, b.width) * Math.max(a.height, b.height) - width * height;
  return shared + extra;
}

/**
 * Whether a client's render shows a feature, decided by taking it out: if the feature draws
 * something in the engine itself (the engine's two pictures differ), the client supports it
 * when its own two pictures differ too, and does not when they are the same. Where the engine
 * draws the same with and without it, the test cannot show the feature here: undecided, as is
 * a client change too small to be either.
 */
export function decide({ client, clientWithout, engine, engineWithout }: Renders): Decision {
  const engineChange = changedPixels(engine, engineWithout);
  const clientChange = changedPixels(client, clientWithout);
  const decided = (verdict: Verdict, why?: string): Decision => ({
    verdict,
    engineChange,
    clientChange,
    ...(why ? { why } : {}),
  });
  if (engineChange < NOISE_PIXELS)
    return decided('undecided', 'the engine draws the test the same without the feature');
  if (clientChange < NOISE_PIXELS) return decided('unsupported');
  if (clientChange >= engineChange * PARTIAL_SHARE) return decided('supported');
  return decided('undecided', 'the client changes too little to tell');
}

/** What caniemail's value (`y`, `n`, `a #1`, `u`) expects the render to show; null: nothing. */
export function expected(value: string): Exclude<Verdict, 'undecided'> | null {
  switch (value.trim().charAt(0)) {
    case 'y':
      return 'supported';
    // Partial: part of the feature still draws, which taking it out shows.
    case 'a':
      return 'supported';
    case 'n':
      return 'unsupported';
    default:
      return null;
  }
}
