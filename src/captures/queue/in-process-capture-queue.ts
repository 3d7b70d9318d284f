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
  /** Places promised to batches and not yet used. */
  private reserved = 0;
  /** Shutting down: no new job is accepted. */
  private draining = false;

  constructor(
    private readonly processor: CaptureProcessor,
    private readonly events: CaptureEvents,
    private readonly config: AppConfig,
  ) {
    super();
    this.slots = new Semaphore(config.capture.concurrency);
  }

  async enqueue(job: CaptureJob, options: { reserved?: boolean } = {}): Promise<void> {
    if (options.reserved && !this.draining) this.reserved = Math.max(0, this.reserved - 1);
    else if (this.draining || this.room() < 1) {
      throw new QueueFullError(
        Math.max(1, Math.ceil(this.slots.queued / this.config.capture.concurrency)),
      );
    }
    void this.run(job);
  }

  async reserve(count: number): Promise<boolean> {
    if (this.draining || count > this.room()) return false;
    this.reserved += count;
    return true;
  }

  release(count: number): void {
    this.reserved = Math.max(0, this.reserved - count);
  }

  /**
   * Stops accepting jobs and waits for those accepted to end, up to `graceMs`. True when
   * all ended; the rest are the caller's to hand back.
   */
  async drain(graceMs: number): Promise<boolean> {
    this.draining = true;
    const until = Date.now() + graceMs;
    while (this.slots.inUse + this.slots.queued > 0 && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 50));
    return this.slots.inUse + this.slots.queued === 0;
  }

  /** Jobs accepted now without refusal: free slots plus free queue places, less promises. */
  private room(): number {
    const { concurrency, queueLimit } = this.config.capture;
    return concurrency - this.slots.inUse + queueLimit - this.slots.queued - this.reserved;
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
