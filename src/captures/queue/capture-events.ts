import { Injectable } from '@nestjs/common';
import { EventEmitter, once } from 'node:events';
import type { CaptureJob, CaptureOutcome } from './capture-queue';

/** In-process announcements of finished attempts, keyed by capture and attempt. */
@Injectable()
export class CaptureEvents {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  publish(job: CaptureJob, outcome: CaptureOutcome): void {
    this.emitter.emit(key(job), outcome);
  }

  async next(job: CaptureJob, signal: AbortSignal): Promise<CaptureOutcome | null> {
    try {
      const [outcome] = (await once(this.emitter, key(job), { signal })) as [CaptureOutcome];
      return outcome;
    } catch {
      return null;
    }
  }
}

const key = (job: CaptureJob) => `${job.captureId}#${job.attempt}`;
