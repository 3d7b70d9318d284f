import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { Queue, QueueEvents } from 'bullmq';
import { AppConfig } from '../../config/app-config';
import { CaptureJob, CaptureOutcome, CaptureQueue, QueueFullError } from './capture-queue';
import { CAPTURE_QUEUE, jobIdOf, redisConnection } from './queue-names';

/**
 * Scale-out: the API process only enqueues; render workers (`npm run worker`) take the jobs.
 * Outcomes come back through BullMQ's queue events (Redis streams), so a waiting request
 * hears of completion as soon as a worker reports it, from any machine.
 */
@Injectable()
export class BullMqCaptureQueue extends CaptureQueue implements OnModuleDestroy {
  private queue?: Queue;
  private events?: QueueEvents;
  private ready?: Promise<unknown>;
  /** Places promised to batches of this process and not yet used. */
  private reserved = 0;

  constructor(private readonly config: AppConfig) {
    super();
  }

  /** Connects on first use: embedded mode builds this class but never uses it. */
  private connect(): { queue: Queue; events: QueueEvents } {
    if (!this.queue || !this.events) {
      const connection = redisConnection(this.config);
      const prefix = this.config.redis.prefix;
      this.queue = new Queue(CAPTURE_QUEUE, { connection, prefix });
      this.events = new QueueEvents(CAPTURE_QUEUE, { connection, prefix });
      this.events.setMaxListeners(0);
      this.ready = this.events.waitUntilReady();
    }
    return { queue: this.queue, events: this.events };
  }

  async enqueue(job: CaptureJob, options: { reserved?: boolean } = {}): Promise<void> {
    const { queue } = this.connect();
    await this.ready;
    if (options.reserved) this.reserved = Math.max(0, this.reserved - 1);
    else {
      const waiting = await queue.getWaitingCount();
      if (waiting + this.reserved >= this.config.capture.queueLimit) {
        throw new QueueFullError(
          Math.max(1, Math.ceil(waiting / Math.max(1, this.config.capture.concurrency))),
        );
      }
    }
    await queue.add('capture', job, {
      jobId: jobIdOf(job),
      removeOnComplete: { age: 3600, count: 10_000 },
      removeOnFail: { age: 24 * 3600 },
      attempts: 1,
    });
  }

  /**
   * Places are held in this process only: two API processes reserving at the same moment
   * may overfill the queue by their batches, never refuse part of one.
   */
  async reserve(count: number): Promise<boolean> {
    const { queue } = this.connect();
    await this.ready;
    const waiting = await queue.getWaitingCount();
    if (waiting + this.reserved + count > this.config.capture.queueLimit) return false;
    this.reserved += count;
    return true;
  }

  release(count: number): void {
    this.reserved = Math.max(0, this.reserved - count);
  }

  async outcome(job: CaptureJob, signal: AbortSignal): Promise<CaptureOutcome | null> {
    const { events } = this.connect();
    await this.ready;
    const id = jobIdOf(job);
    return new Promise((resolve) => {
      const onCompleted = ({ jobId, returnvalue }: { jobId: string; returnvalue: unknown }) => {
        if (jobId !== id) return;
        finish(parseOutcome(returnvalue));
      };
      const onFailed = ({ jobId, failedReason }: { jobId: string; failedReason: string }) => {
        if (jobId !== id) return;
        finish({ status: 'failed', error: failedReason });
      };
      const finish = (outcome: CaptureOutcome | null) => {
        events.off('completed', onCompleted);
        events.off('failed', onFailed);
        signal.removeEventListener('abort', onAbort);
        resolve(outcome);
      };
      const onAbort = () => finish(null);
      events.on('completed', onCompleted);
      events.on('failed', onFailed);
      signal.addEventListener('abort', onAbort);
    });
  }

  /** Jobs waiting and running (readiness and metrics). */
  async counts(): Promise<Record<string, number>> {
    return this.connect().queue.getJobCounts('waiting', 'active', 'completed', 'failed');
  }

  async onModuleDestroy(): Promise<void> {
    await this.events?.close();
    await this.queue?.close();
  }
}

function parseOutcome(value: unknown): CaptureOutcome {
  const parsed = typeof value === 'string' ? JSON.parse(value) : value;
  return (parsed ?? { status: 'failed', error: 'no result' }) as CaptureOutcome;
}
