import { Injectable, Logger } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { within } from '../common/deadline';
import { ClientCatalog } from '../rendering/catalog/client-catalog';
import { makeThumbnails, Thumbnails } from '../rendering/engine/image-sizes';
import { viewportOf } from '../rendering/render';
import { Storage } from '../storage/storage';
import type { CapturedCapture } from './capture.entity';
import { configurationOf } from './capture-configuration';
import { imageFileName } from './capture-files';

/**
 * Thumbnails made here that the storage refused: served from memory this long, so a
 * failing storage costs one making per thumbnail and minute, not one per request.
 */
const UNSTORED_TTL_MS = 60_000;
const UNSTORED_MAX_BYTES = 32 * 1024 * 1024;

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
  private readonly making = new Map<string, Promise<void>>();
  private readonly unstored = new LRUCache<string, Buffer>({
    maxSize: UNSTORED_MAX_BYTES,
    sizeCalculation: (bytes) => bytes.length,
    ttl: UNSTORED_TTL_MS,
  });

  constructor(
    private readonly storage: Storage,
    private readonly catalog: ClientCatalog,
  ) {}

  /** Makes and stores the thumbnails of a render just captured; the caller does not wait. */
  storeLater(keys: ThumbnailKeys, thumbnails: () => Promise<Thumbnails>): void {
    this.make(keys, thumbnails);
  }

  /** Waits for thumbnails this process is still making, up to `ms` (shutdown). */
  async drain(ms: number): Promise<void> {
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
    await this.making.get(key);
    if (this.unstored.has(key)) return this.unstored.get(key)!;
    if (await this.storage.exists(key, location)) return null;
    const keys = {
      thumb: capture.files[nameOf('thumb')].key,
      thumb450: capture.files[nameOf('thumb450')].key,
      location,
    };
    // Checked again after the await: a concurrent request may have started it meanwhile.
    await (this.making.get(key) ?? this.make(keys, () => this.fromFull(capture, nameOf('full'))));
    return this.unstored.get(key) ?? null;
  }

  /** One making per thumbnail pair: registered under both keys until it has ended. */
  private make(keys: ThumbnailKeys, thumbnails: () => Promise<Thumbnails | null>): Promise<void> {
    const task: Promise<void> = Promise.resolve()
      .then(thumbnails)
      .then(async (made) => {
        if (made) await this.store(keys, made);
      })
      .catch((error: Error) => this.logger.warn(`thumbnails not made: ${error.message}`))
      .finally(() => {
        this.making.delete(keys.thumb);
        this.making.delete(keys.thumb450);
      });
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
