import pixelmatch from 'pixelmatch';
import sharp from 'sharp';
import { clientFeatures } from '../../src/rendering/caniemail/client-features';
import { ALL_FEATURES, supportOf } from '../../src/rendering/caniemail/support-table';
import { familyOf } from '../../src/rendering/families/lookup';
import type { ClientProfile } from '../../src/rendering/profile/client-profile';
import { outsideTheNote } from './test-readings';

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
  /**
   * Pixels the feature changes in the engine's own picture (null: not needed, the client's
   * own change decided), and in the client's.
   */
  engineChange: number | null;
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
 * Whether a client's render shows a feature, decided by taking it out: the client supports it
 * when its own two pictures differ (the feature drew something there: a client that drops it
 * draws the same either way, by construction). When they are the same, the engine's own two
 * pictures tell why: the engine draws the feature (they differ), so the client does not
 * support it; or the test draws nothing different without it in this engine at this device,
 * so it cannot show the feature here: undecided.
 */
export function decide({ client, clientWithout, engine, engineWithout }: Renders): Decision {
  const clientChange = changedPixels(client, clientWithout);
  if (clientChange >= NOISE_PIXELS) return decideChanges(null, clientChange);
  return decideChanges(changedPixels(engine, engineWithout), clientChange);
}

/**
 * The decision from the counts of changed pixels (decide); `engineChange` is read only when
 * the client's own pictures are the same, and may be null otherwise (not drawn).
 */
export function decideChanges(engineChange: number | null, clientChange: number): Decision {
  const decided = (verdict: Verdict, why?: string): Decision => ({
    verdict,
    engineChange,
    clientChange,
    ...(why ? { why } : {}),
  });
  if (clientChange >= NOISE_PIXELS) return decided('supported');
  if (engineChange === null) throw new Error('the client draws the same: the engine must tell why');
  if (engineChange < NOISE_PIXELS)
    return decided('undecided', 'the engine draws the test the same without the feature');
  return decided('unsupported');
}

/**
 * What caniemail's value expects of this profile's render of `test`: `expected(value)`,
 * except a partial value (`a #1`) whose note the profile's family reads as no support for
 * this very profile (Gmail's "not supported with non-Google accounts", for a profile of such
 * an account), or whose note limits support to what the test does not do (test-readings.ts):
 * there the test's picture can only show no support.
 */
export function expectedOf(
  profile: ClientProfile,
  slug: string,
  value: string,
  test?: string,
): Exclude<Verdict, 'undecided'> | null {
  if (value.trim().startsWith('a')) {
    const entry = clientFeatures(profile, familyOf(profile)).find((f) => f.feature.slug === slug);
    if (entry && !entry.source && entry.unsupported) return 'unsupported';
    const feature = ALL_FEATURES.find((candidate) => candidate.slug === slug);
    const notes = [...value.matchAll(/#(\d+)/g)].map(([, n]) => feature?.notes_by_num?.[n] ?? '');
    if (test && outsideTheNote(test, notes, (other) => unsupportedIn(profile, other)))
      return 'unsupported';
  }
  return expected(value);
}

/** Whether caniemail records `slug` unsupported in the profile's client at its version. */
function unsupportedIn(profile: ClientProfile, slug: string): boolean {
  const feature = ALL_FEATURES.find((candidate) => candidate.slug === slug);
  const value = feature && profile.caniemail && supportOf(feature, profile.caniemail);
  return Boolean(value) && expected(value!) === 'unsupported';
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
