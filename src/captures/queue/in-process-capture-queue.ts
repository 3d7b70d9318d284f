import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { Semaphore } from '../../rendering/engine/semaphore';
import { CaptureProcessor } from '../capture-processor';
import { CaptureEvents } from './capture-events';
import { CaptureJob, CaptureOutcome, CaptureQueue, QueueFullError } from './capture-queue';

/**
 * Embedded mode: jobs run in this process, CAPTURE_CONCURRENCY at a time. More than
 * CAPTURE_QUEUE_LIMIT jobs waiting for a slot is "overloaded" (503 with Retry-After).
 */
@Injectable()
export class InProcessCaptureQueue extends CaptureQueue {
  private readonly logger = new Logger(InProcessCaptureQueue.name);
  private readonly slots: Semaphore;

  constructor(
    private readonly processor: CaptureProcessor,
    private readonly events: CaptureEvents,
    private readonly config: AppConfig,
  ) {
    super();
    this.slots = new Semaphore(config.capture.concurrency);
  }

  async enqueue(job: CaptureJob): Promise<void> {
    const mustWait = this.slots.inUse >= this.config.capture.concurrency;
    if (mustWait && this.slots.queued >= this.config.capture.queueLimit) {
      throw new QueueFullError(
        Math.max(1, Math.ceil(this.slots.queued / this.config.capture.concurrency)),
      );
    }
    void this.run(job);
  }

  outcome(job: CaptureJob, signal: AbortSignal): Promise<CaptureOutcome | null> {
    return this.events.next(job, signal);
  }

  private async run(job: CaptureJob): Promise<void> {
    const release = await this.slots.acquire();
    try {
      this.events.publish(job, await this.processor.process(job));
    } catch (error) {
      this.logger.error(
        `capture ${job.captureId} attempt ${job.attempt}: ${(error as Error).stack}`,
      );
      this.events.publish(job, { status: 'failed', error: (error as Error).message });
    } finally {
      release();
    }
  }
}
