import { Metrics } from '../../../platform/metrics/metrics';
import { Injectable, Logger } from '@nestjs/common';
import { within } from '../../../base/system/deadline';
import { Slots } from '../../../base/system/slots';
import { AppConfig } from '../../../platform/config/app-config';
import { Clock } from '../../../platform/config/clock';
import type { Capture } from '../state/capture.entity';
import { CaptureJob, QueueFullError, StartedHere, SUPERSEDED } from '../state/capture-attempt';
import { CaptureLeases } from './capture-leases';
import { CaptureProcessor } from './capture-processor';
import type { Lease } from '../state/capture-state-machine';
import { retryAfterSeconds } from '../queue/admission';
import { CaptureQueue, EnqueueOptions } from '../queue/capture-queue';
import { DrainRate, priorDrain } from '../queue/drain-rate';

/**
 * Embedded mode: jobs run in this process, CAPTURE_CONCURRENCY at a time, slots shared
 * round-robin between emails. A job that would wait for a slot longer than the configured
 * queue wait, at the drain rate measured here, is refused: "overloaded" (503 with
 * Retry-After from that rate). A job's row is leased to this process from the moment it is
 * written until the job ends, and its request's email is handed to the processor as read.
 */
@Injectable()
export class InProcessCaptureQueue extends CaptureQueue {
  private readonly logger = new Logger(InProcessCaptureQueue.name);
  private readonly slots: Slots;
  /** Places promised to batches and not yet used. */
  private reserved = 0;
  /** Shutting down: no new job is accepted... */
  private draining = false;
  /** ...and, once the grace has passed, none still waiting for a slot starts. */
  private stopped = false;
  /** Jobs accepted and not ended. */
  private readonly jobs = new Set<Promise<void>>();
  private readonly drainRate: DrainRate;

  constructor(
    private readonly processor: CaptureProcessor,
    private readonly config: AppConfig,
    private readonly metrics: Metrics,
    private readonly leases: CaptureLeases,
    clock: Clock,
  ) {
    super(config.capture.leaseMs);
    metrics.watchQueueDepth(() => this.slots.queued + this.reserved);
    this.slots = new Slots(config.capture.jobsAtOnce);
    this.drainRate = new DrainRate(priorDrain(config.capture.concurrency), clock);
  }

  /** Held from the write on, so that no request here takes the row for abandoned meanwhile. */
  async underLease<T>(captureId: string, write: (lease: Lease) => Promise<T>): Promise<T> {
    this.leases.hold(captureId);
    try {
      return await write(this.leases.mine());
    } finally {
      this.leases.release(captureId);
    }
  }

  async enqueue(job: CaptureJob, options: EnqueueOptions = {}): Promise<void> {
    if (options.reserved && !this.draining) this.reserved = Math.max(0, this.reserved - 1);
    else this.admit(1);
    // Its row's lease is this process's while the job waits here, not only while it renders.
    this.leases.hold(job.captureId);
    const running = this.run(job, options.startedHere);
    this.jobs.add(running);
    void running.finally(() => this.jobs.delete(running));
  }

  async reserve(count: number): Promise<void> {
    this.admit(count);
    this.reserved += count;
  }

  release(count: number): void {
    this.reserved = Math.max(0, this.reserved - count);
  }

  /** Attempts leased to this process run here, and say how they ended. */
  hears(row: Capture): boolean {
    return row.leaseOwner === this.leases.owner;
  }

  async carries(row: Capture): Promise<boolean> {
    return this.leases.holds(row.id);
  }

  async stop(graceMs: number): Promise<void> {
    this.draining = true;
    await within(Promise.all(this.jobs), graceMs, () => undefined);
    this.stopped = true;
  }

  /** Throws QueueFullError unless `count` more jobs fit (in time and in number). */
  private admit(count: number): void {
    const { jobsAtOnce, queueLimit, queueWaitMs } = this.config.capture;
    if (this.draining)
      throw new QueueFullError(Math.ceil(this.config.capture.shutdownGraceMs / 1000), true);
    const retryAfter = retryAfterSeconds(
      {
        waiting: this.slots.queued + this.reserved,
        free: Math.max(0, jobsAtOnce - this.slots.inUse),
        drainPerSecond: this.drainRate.perSecond(),
        maxWaitMs: queueWaitMs,
        queueLimit,
      },
      count,
    );
    if (retryAfter > 0) throw new QueueFullError(retryAfter);
  }

  private async run(job: CaptureJob, startedHere?: StartedHere): Promise<void> {
    const queued = performance.now();
    const release = await this.slots.acquire(job.emailId);
    this.metrics.queueWaitSeconds.observe((performance.now() - queued) / 1000);
    try {
      // Started from a request's handler: its logging context (and id) flows in as is.
      // Once stopped, its row was handed back: another process renders it.
      const outcome = this.stopped ? SUPERSEDED : await this.processor.process(job, startedHere);
      this.outcomes.publish(job, outcome);
    } catch (error) {
      this.logger.error(
        `capture ${job.captureId} attempt ${job.attempt}: ${(error as Error).stack}`,
      );
      const failed = { status: 'failed', failure: 'interrupted', error: String(error) } as const;
      this.outcomes.publish(job, failed);
    } finally {
      this.drainRate.record(this.slots.queued > 0);
      this.leases.release(job.captureId);
      release();
    }
  }
}
