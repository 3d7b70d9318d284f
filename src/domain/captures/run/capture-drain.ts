import { Injectable, Logger } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppConfig } from '../../../platform/config/app-config';
import type { AttemptKey } from '../state/capture-attempt';
import { CaptureLeases } from './capture-leases';
import { CaptureThumbnails } from './capture-thumbnails';

/** Time for answers to waiting requests to be written before connections close. */
const ANSWER_FLUSH_MS = 200;
/** Thumbnails take tens of milliseconds; this bounds a stuck storage. */
const THUMBNAIL_DRAIN_MS = 2000;

/** The capture work a process stops at shutdown: its queue (API) or its BullMQ workers. */
export interface CaptureWork {
  /** Takes no new capture and gives those accepted up to `graceMs`; then starts no more. */
  stop(graceMs: number): Promise<void>;
  /** Their rows were handed back: requests waiting here for those attempts hear it. */
  handedBack?(attempts: AttemptKey[]): void;
}

/**
 * The one shutdown drain, for an API process and a render worker alike, run before the
 * browser and the database close (their hooks run after it): new captures are refused
 * (503), accepted ones may finish within SHUTDOWN_GRACE_MS, the thumbnails of those just
 * answered are stored (a capture host makes any still missing), and whatever is still
 * pending is handed back, so no row waits on a process that is gone.
 */
@Injectable()
export class CaptureDrain {
  private readonly logger = new Logger(CaptureDrain.name);

  constructor(
    private readonly leases: CaptureLeases,
    private readonly thumbnails: CaptureThumbnails,
    private readonly config: AppConfig,
  ) {}

  async drain(work: CaptureWork): Promise<void> {
    await work.stop(this.config.capture.shutdownGraceMs);
    await this.thumbnails.drain(THUMBNAIL_DRAIN_MS);
    const handedBack = await this.leases.handBackMine();
    if (handedBack.length === 0) return;
    this.logger.warn(`shutdown handed back ${handedBack.length} unfinished capture(s)`);
    if (!work.handedBack) return;
    // They answer (503, the queue is closed) before the HTTP server closes their connections.
    work.handedBack(handedBack);
    await sleep(ANSWER_FLUSH_MS);
  }
}
