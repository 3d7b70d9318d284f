import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { PreparedEmail } from './prepare/prepare-task';

/** Everything besides the prepared email that decides a capture's pixels. */
export interface PixelInputs {
  /** The engine that draws it (the client's own, or Chromium in its place): part of the key. */
  engine: string;
  viewport: { width: number; height: number };
  scale: number;
  colorScheme: 'light' | 'dark';
  fitToWidth: boolean;
  colorblind: boolean;
}

/**
 * A hash of every input of a render: two clients with the same key produce the same pixels
 * by construction, so the key is exact, not a guess at similarity.
 */
export function renderKey(prepared: PreparedEmail, inputs: PixelInputs): string {
  const hash = createHash('sha256').update(prepared.html);
  for (const [url, image] of [...prepared.served].sort(([a], [b]) => a.localeCompare(b)))
    hash.update(`\0${url}\0${image.contentType}\0`).update(image.data);
  return hash.update(`\0${JSON.stringify(inputs)}`).digest('hex');
}

/** How long a finished render stays shareable: a grid's requests arrive within seconds. */
const SHARE_FOR_MS = 10 * 60_000;

/**
 * Renders shared between the clients of an email that would produce the same pixels: one
 * in flight per key (later requests join it), and finished ones kept for a while within a
 * memory budget (lru-cache's fetch does both). A failed render is not kept: each waiter
 * gets the failure, and the next request renders again.
 */
export class RenderSharing<T extends { full: Buffer }> {
  private readonly renders?: LRUCache<string, T, () => Promise<T>>;

  constructor(maxMb: number) {
    if (maxMb <= 0) return;
    this.renders = new LRUCache<string, T, () => Promise<T>>({
      maxSize: maxMb * 1024 * 1024,
      // The thumbnails are small beside the full image (450 and 120 px wide).
      sizeCalculation: (value) => value.full.length,
      ttl: SHARE_FOR_MS,
      fetchMethod: (_key, _stale, { context }) => context(),
    });
  }

  /** The render of `key`: made by `render` here, or shared from another client's. */
  async share(key: string, render: () => Promise<T>): Promise<{ value: T; shared: boolean }> {
    if (!this.renders) return { value: await render(), shared: false };
    let rendered = false;
    const value = await this.renders.fetch(key, {
      context: () => {
        rendered = true;
        return render();
      },
    });
    return { value: value!, shared: !rendered };
  }
}
