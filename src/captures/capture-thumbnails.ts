import { Injectable, Logger } from '@nestjs/common';
import { ClientCatalog } from '../rendering/catalog/client-catalog';
import { makeThumbnails, Thumbnails } from '../rendering/engine/image-sizes';
import { viewportOf } from '../rendering/render';
import { Storage } from '../storage/storage';
import type { CapturedCapture } from './capture.entity';
import { configurationOf, imageFileName } from './capture-files';

/** How long a request for a thumbnail waits for the render that is making it. */
const THUMBNAIL_WAIT_MS = 2000;
const POLL_MS = 20;

export interface ThumbnailKeys {
  thumb: string;
  thumb450: string;
}

/**
 * Thumbnails off the answer's path: a capture is answered once its full image is stored,
 * and its thumbnails are stored moments later by the process that rendered it. Whoever
 * is sent to a thumbnail (the capture host) first makes sure it exists: it waits for
 * that process, and makes the thumbnail itself from the full image if that process is
 * gone (a crash or a shutdown between the answer and the thumbnails).
 */
@Injectable()
export class CaptureThumbnails {
  private readonly logger = new Logger(CaptureThumbnails.name);
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly storage: Storage,
    private readonly catalog: ClientCatalog,
  ) {}

  /** Makes and stores the thumbnails; the caller does not wait. */
  storeLater(keys: ThumbnailKeys, thumbnails: () => Promise<Thumbnails>): void {
    const task: Promise<void> = Promise.resolve()
      .then(thumbnails)
      .then((made) => this.store(keys, made))
      .catch((error: Error) => this.logger.warn(`thumbnails not stored: ${error.message}`))
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  /** Waits for thumbnails this process is still storing, up to `ms` (shutdown). */
  async drain(ms: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(this.pending),
      new Promise((resolve) => (timer = setTimeout(resolve, ms))),
    ]);
    clearTimeout(timer);
  }

  /** Makes sure the capture's file `name` is stored before anyone is sent to it. */
  async ensure(capture: CapturedCapture, name: string): Promise<void> {
    const key = capture.files[name].key;
    if (await this.storage.exists(key)) return;
    const configuration = configurationOf(capture);
    const nameOf = (size: 'full' | 'thumb' | 'thumb450') =>
      imageFileName(configuration, capture.viewportWidth, size);
    const fullName = nameOf('full');
    if (name === fullName) return; // stored before the capture was marked captured
    for (let waited = 0; waited < THUMBNAIL_WAIT_MS; waited += POLL_MS) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      if (await this.storage.exists(key)) return;
    }
    const full = await this.storage.get(capture.files[fullName].key);
    if (!full) return; // purged meanwhile: the redirect finds nothing, as for any purged file
    const profile = this.catalog.find(capture.client)!;
    const viewport = viewportOf(profile, configuration.orientation);
    this.logger.warn(`capture ${capture.id}: thumbnails made on request (their render is gone)`);
    await this.store(
      {
        thumb: capture.files[nameOf('thumb')].key,
        thumb450: capture.files[nameOf('thumb450')].key,
      },
      await makeThumbnails(full, viewport.height / viewport.width),
    );
  }

  private async store(keys: ThumbnailKeys, made: Thumbnails): Promise<void> {
    await Promise.all([
      this.storage.put(keys.thumb, made.thumb, 'image/png'),
      this.storage.put(keys.thumb450, made.thumb450, 'image/png'),
    ]);
  }
}
