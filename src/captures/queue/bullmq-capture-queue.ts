import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { Queue, QueueEvents } from 'bullmq';
import { AppConfig } from '../../config/app-config';
import { retryAfterSeconds } from './admission';
import { CaptureJob, CaptureOutcome, CaptureQueue, QueueFullError } from './capture-queue';
import { DrainRate, priorDrain } from './drain-rate';
import { EmailTurns } from './email-turns';
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
  /** How fast the cluster's workers drain the queue, from the completions this process hears. */
  private readonly drain: DrainRate;
  /** Jobs waiting when this process last looked: a completion then was a busy one. */
  private lastWaiting = 0;
  private readonly turns = new EmailTurns();

  constructor(private readonly config: AppConfig) {
    super();
    // Before anything has been measured: one worker of this process's settings.
    this.drain = new DrainRate(priorDrain(config.capture.concurrency));
  }

  /** Connects on first use: embedded mode builds this class but never uses it. */
  private connect(): { queue: Queue; events: QueueEvents } {
    if (!this.queue || !this.events) {
      const connection = redisConnection(this.config);
      const prefix = this.config.redis.prefix;
      this.queue = new Queue(CAPTURE_QUEUE, { connection, prefix });
      this.events = new QueueEvents(CAPTURE_QUEUE, { connection, prefix });
      this.events.setMaxListeners(0);
      const finished = ({ jobId }: { jobId: string }) => {
        this.drain.record(performance.now(), this.lastWaiting > 0);
        this.turns.finished(jobId);
      };
      this.events.on('completed', finished);
      this.events.on('failed', finished);
      this.ready = this.events.waitUntilReady();
    }
    return { queue: this.queue, events: this.events };
  }

  async enqueue(job: CaptureJob, options: { reserved?: boolean } = {}): Promise<void> {
    const { queue } = this.connect();
    await this.ready;
    if (options.reserved) this.reserved = Math.max(0, this.reserved - 1);
    else await this.admit(queue, 1);
    const jobId = jobIdOf(job);
    await queue.add('capture', job, {
      jobId,
      // Emails take turns: see EmailTurns.
      priority: this.turns.next(jobId, job.emailId),
      removeOnComplete: { age: 3600, count: 10_000 },
      removeOnFail: { age: 24 * 3600 },
      attempts: 1,
    });
  }

  /**
   * Places are held in this process only: two API processes reserving at the same moment
   * may overfill the queue by their batches, never refuse part of one.
   */
  async reserve(count: number): Promise<void> {
    const { queue } = this.connect();
    await this.ready;
    await this.admit(queue, count);
    this.reserved += count;
  }

  /** Throws QueueFullError unless `count` more jobs fit, in time and in number. */
  private async admit(queue: Queue, count: number): Promise<void> {
    this.lastWaiting = await queue.getJobCountByTypes('waiting', 'prioritized');
    const retryAfter = retryAfterSeconds(
      {
        waiting: this.lastWaiting + this.reserved,
        free: 0, // idle workers are not known here
        drainPerSecond: this.drain.perSecond(),
        maxWaitMs: this.config.capture.queueWaitMs,
        queueLimit: this.config.capture.queueLimit,
      },
      count,
    );
    if (retryAfter > 0) throw new QueueFullError(retryAfter);
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
