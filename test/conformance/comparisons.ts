import { LRUCache } from 'lru-cache';
import { changedPixels, Picture, pictureOf } from './oracle';

/** A render as the run keeps it: its PNG and the SHA-256 the renderer names it by. */
export interface Drawn {
  png: Buffer;
  digest: string;
  /** Whether the picture is cut at the height limit (the email goes on below it). */
  cut?: boolean;
}

/**
 * Changed-pixel counts between renders, each distinct pair of renders counted once. Most of a
 * run's pairs compare renders another pair compared already (the engine's two pictures are
 * the same for every profile on one device; profiles preparing a test alike share theirs),
 * and decoding and comparing full pages is most of the run's own CPU: a full run decodes
 * about four PNGs per pair without this.
 */
export class Comparisons {
  private readonly pictures = new LRUCache<string, Promise<Picture>>({ max: 64 });
  private readonly counts = new Map<string, number>();

  async changed(a: Drawn, b: Drawn): Promise<number> {
    // The same bytes: the same picture, nothing to compare.
    if (a.digest === b.digest) return 0;
    const key = [a.digest, b.digest].sort().join(':');
    const known = this.counts.get(key);
    if (known !== undefined) return known;
    const count = changedPixels(await this.picture(a), await this.picture(b));
    this.counts.set(key, count);
    return count;
  }

  private picture({ png, digest }: Drawn): Promise<Picture> {
    let picture = this.pictures.get(digest);
    if (!picture) {
      picture = pictureOf(png);
      this.pictures.set(digest, picture);
    }
    return picture;
  }
}
