import { Injectable, Logger } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { within } from '../../../base/system/deadline';
import { ClientCatalog, makeThumbnails, Thumbnails, viewportOf } from '../../../rendering';
import { Storage } from '../../../platform/storage/storage';
import type { CapturedCapture } from '../state/capture.entity';
import { RenderFirst } from './render-first';
import { imageThreadsCpuMs } from '../../../base/system/procfs';
import { Metrics } from '../../../platform/metrics/metrics';
import { configurationOf } from '../state/capture-configuration';
import { imageFileName } from '../state/capture-file-names';

/**
 * Thumbnails made here that the storage refused: served from memory this long, so a
 * failing storage costs one making per thumbnail and minute, not one per request.
 */
const UNSTORED_TTL_MS = 60_000;
const UNSTORED_MAX_BYTES = 32 * 1024 * 1024;

/** A grid's captures sharing a render arrive within this time. */
const STORED_TTL_MS = 10 * 60_000;

export interface ThumbnailKeys {
  thumb: string;
  thumb450: string;
  /** The storage location their capture records for them. */
  location?: string;
}

/**
 * Thumbnails off the answer's path: a capture is answered once its full image is stored,
 * and its thumbnails are stored moments later by the process that rendered it. Whoever
 * is sent to a thumbnail (the capture host) first makes sure it can be served: it waits
 * for this process's own making of it, else makes it from the full image (the process
 * that rendered it crashed, stopped, or is another one and not done yet: the bytes are
 * the same either way). One making per thumbnail however many requests ask at once.
 */
@Injectable()
export class CaptureThumbnails {
  private readonly logger = new Logger(CaptureThumbnails.name);
  /** Makings under way in this process, under both of their keys. */
  private readonly making = new Map<string, Promise<boolean>>();
  private readonly unstored = new LRUCache<string, Buffer>({
    maxSize: UNSTORED_MAX_BYTES,
    sizeCalculation: (bytes) => bytes.length,
    ttl: UNSTORED_TTL_MS,
  });

  /** Thumbnails this process stored lately: another capture of the same render needs none. */
  private readonly stored = new LRUCache<string, true>({ max: 10_000, ttl: STORED_TTL_MS });

  /** Starts a making still waiting for a pause in the renders, by either of its keys. */
  private readonly startNow = new Map<string, () => void>();

  constructor(
    private readonly storage: Storage,
    private readonly catalog: ClientCatalog,
    private readonly renderFirst: RenderFirst,
    private readonly metrics: Metrics,
  ) {}

  /**
   * Makes and stores the thumbnails of a render just captured; the caller does not wait.
   * Captures sharing a render share its thumbnails' keys: once made or being made here,
   * they are not made or written again (a file deleted since is made again on request).
   */
  storeLater(keys: ThumbnailKeys, thumbnails: () => Promise<Thumbnails>): void {
    if (this.making.has(keys.thumb) || this.stored.has(keys.thumb)) return;
    void this.make(keys, thumbnails).then((made) => made && this.stored.set(keys.thumb, true));
  }

  /** Waits for thumbnails this process is still making, up to `ms` (shutdown). */
  async drain(ms: number): Promise<void> {
    for (const startNow of this.startNow.values()) startNow(); // no render follows a shutdown
    await within(Promise.all(this.making.values()), ms, () => undefined);
  }

  /**
   * Makes sure the capture's file `name` can be served. Null: it is stored. Bytes: the
   * storage refused it, answer these instead.
   */
  async ensure(capture: CapturedCapture, name: string): Promise<Buffer | null> {
    const { key, location } = capture.files[name];
    const configuration = configurationOf(capture);
    const nameOf = (size: 'full' | 'thumb' | 'thumb450') =>
      imageFileName(configuration, capture.viewportWidth, size);
    // The full image is stored before the capture is marked captured, a diff before it is
    // recorded: only thumbnails may still be on their way.
    if (name !== nameOf('thumb') && name !== nameOf('thumb450')) return null;
    this.startNow.get(key)?.(); // someone waits for it: it goes before the renders now
    await this.making.get(key);
    if (this.unstored.has(key)) return this.unstored.get(key)!;
    // Where its record says: one found elsewhere (another capture's, moved since) is no use
    // to a redirect that follows the record.
    if (await this.storage.exists(key, location)) return null;
    const keys = {
      thumb: capture.files[nameOf('thumb')].key,
      thumb450: capture.files[nameOf('thumb450')].key,
      location,
    };
    // Checked again after the await: a concurrent request may have started it meanwhile.
    await (this.making.get(key) ??
      this.make(keys, () => this.fromFull(capture, nameOf('full')), { now: true }));
    return this.unstored.get(key) ?? null;
  }

  /** One making per thumbnail pair: registered under both keys until it has ended. True: stored. */
  private make(
    keys: ThumbnailKeys,
    thumbnails: () => Promise<Thumbnails | null>,
    { now = false } = {},
  ): Promise<boolean> {
    const queued = this.renderFirst.afterRenders(async () => {
      const cpu = imageThreadsCpuMs();
      const made = await thumbnails();
      if (!made) return false;
      // One making at a time, between renders: the image threads' time is this making's.
      this.metrics.captureCpuSeconds.observe(
        { phase: 'thumbnails' },
        (imageThreadsCpuMs() - cpu) / 1000,
      );
      await this.store(keys, made);
      return true;
    });
    if (now) queued.now();
    const task: Promise<boolean> = queued.result
      .catch((error: Error) => {
        this.logger.warn(`thumbnails not made: ${error.message}`);
        return false;
      })
      .finally(() => {
        for (const key of [keys.thumb, keys.thumb450]) {
          this.making.delete(key);
          this.startNow.delete(key);
        }
      });
    this.startNow.set(keys.thumb, queued.now);
    this.startNow.set(keys.thumb450, queued.now);
    this.making.set(keys.thumb, task);
    this.making.set(keys.thumb450, task);
    return task;
  }

  /** The thumbnails of a stored full image; null when it was purged meanwhile. */
  private async fromFull(capture: CapturedCapture, fullName: string): Promise<Thumbnails | null> {
    const { key, location } = capture.files[fullName];
    const full = await this.storage.get(key, location);
    if (!full) return null; // the redirect finds nothing, as for any purged file
    const configuration = configurationOf(capture);
    const viewport = viewportOf(this.catalog.find(capture.client)!, configuration.orientation);
    this.logger.warn(`capture ${capture.id}: thumbnails made on request`);
    return makeThumbnails(full, viewport.height / viewport.width);
  }

  private async store(keys: ThumbnailKeys, made: Thumbnails): Promise<void> {
    try {
      await Promise.all([
        this.storage.putAt(keys.location, keys.thumb, made.thumb, 'image/png'),
        this.storage.putAt(keys.location, keys.thumb450, made.thumb450, 'image/png'),
      ]);
    } catch (error) {
      this.unstored.set(keys.thumb, made.thumb);
      this.unstored.set(keys.thumb450, made.thumb450);
      throw error;
    }
  }
}
