import { currentRequestId } from '../logging/request-id';
import { Injectable, Logger } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiError } from '../common/api-error';
import { AppConfig } from '../config/app-config';
import { Clock } from '../config/clock';
import { Email } from '../emails/email.entity';
import { Capture, CapturedCapture, isCaptured } from './capture.entity';
import { CaptureLeases } from './capture-leases';
import { CaptureStore } from './capture-store';
import type { CaptureConfiguration } from '../emails/dto/capture-configuration.dto';
import {
  CaptureJob,
  CaptureOutcome,
  CaptureQueue,
  outcomeOfFailure,
  QueueFullError,
} from './queue/capture-queue';

/** How often a waiting request re-reads the row, for renders finished by another process. */
const POLL_MS = 250;

/**
 * Capture-once: the first request of a configuration creates (or claims) the capture row
 * and enqueues the render; every request, first or not, waits for the same attempt and
 * gets the same answer. Failures are not cached: the next request claims a new attempt.
 */
@Injectable()
export class CaptureCoordinator {
  private readonly logger = new Logger(CaptureCoordinator.name);

  constructor(
    private readonly store: CaptureStore,
    private readonly queue: CaptureQueue,
    private readonly leases: CaptureLeases,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /** The captured row, rendering it first when needed. Throws ApiErrors 404/500/503/504. */
  async obtain(
    email: Email | null,
    emailId: string,
    configuration: CaptureConfiguration,
  ): Promise<CapturedCapture> {
    // The render's own deadline is enforced where it runs; this bounds the wait, queue included.
    const deadline = Date.now() + this.config.capture.waitLimitMs;
    for (;;) {
      const capture = await this.store.find(emailId, configuration);
      if (capture && this.store.isGone(capture)) {
        throw ApiError.notFound('This capture is no longer available');
      }
      if (capture && isCaptured(capture)) return capture;
      const job =
        capture?.status === 'pending' && !this.isStale(capture)
          ? { captureId: capture.id, emailId, attempt: capture.attempt }
          : await this.start(email, emailId, configuration, capture);
      if (!job) continue; // lost a race to insert or claim: read the winner's row
      const outcome = await this.await(job, deadline);
      // Captured, or another attempt owns the row now: read the row again.
      if (outcome.status === 'captured' || outcome.status === 'superseded') continue;
      throw this.errorFor(outcome, configuration.client);
    }
  }

  /**
   * Starts the captures of a batch without waiting (prefetch): every one that needs a
   * render is accepted into the queue, or none is and the answer is 503 (CONTRACT).
   */
  async prefetch(email: Email, configurations: CaptureConfiguration[]): Promise<void> {
    const due: { configuration: CaptureConfiguration; capture: Capture | null }[] = [];
    for (const configuration of configurations) {
      const capture = await this.store.find(email.id, configuration);
      if (capture && (capture.status === 'captured' || this.store.isGone(capture))) continue;
      if (capture?.status === 'pending' && !this.isStale(capture)) continue;
      due.push({ configuration, capture });
    }
    await this.reserve(due.length);
    await this.startReserved(
      email,
      due.map((entry) => entry.configuration),
      due.map((entry) => entry.capture),
    );
  }

  /** Holds queue places for a batch; 503 with Retry-After when there are not enough. */
  async reserve(count: number): Promise<void> {
    if (count === 0) return;
    try {
      await this.queue.reserve(count);
    } catch (error) {
      if (error instanceof QueueFullError) throw overloaded(error.retryAfterSeconds);
      throw error;
    }
  }

  release(count: number): void {
    this.queue.release(count);
  }

  /** Starts a batch on places reserved before; places left unused are given back. */
  async startReserved(
    email: Email,
    configurations: CaptureConfiguration[],
    existing: (Capture | null)[] = [],
  ): Promise<void> {
    let used = 0;
    try {
      for (const [index, configuration] of configurations.entries()) {
        const job = await this.start(email, email.id, configuration, existing[index] ?? null, {
          reserved: true,
        }).catch((error: unknown) => {
          this.logger.warn(
            `prefetch of ${configuration.client} failed: ${(error as Error).message}`,
          );
          return null;
        });
        if (job) used++;
      }
    } finally {
      this.queue.release(configurations.length - used);
    }
  }

  private async start(
    email: Email | null,
    emailId: string,
    configuration: CaptureConfiguration,
    existing: Capture | null,
    options: { reserved?: boolean } = {},
  ): Promise<CaptureJob | null> {
    if (!email || this.isExpired(email)) throw ApiError.notFound();
    // Embedded: this process renders, so it holds the lease from now. Scale-out: the row
    // waits in Redis unowned until a worker takes it.
    const lease = this.config.redis.url ? this.leases.queued() : this.leases.mine();
    const claimed = existing
      ? await this.store.claim(existing, lease)
      : await this.store.insertPending(emailId, configuration, lease);
    if (!claimed) return null;
    const job: CaptureJob = { ...claimed, requestId: currentRequestId() };
    try {
      await this.queue.enqueue(job, options);
    } catch (error) {
      await this.store.markFailed(
        job,
        error instanceof QueueFullError ? 'queue-full' : 'render',
        (error as Error).message,
      );
      if (error instanceof QueueFullError) throw overloaded(error.retryAfterSeconds);
      throw error;
    }
    return job;
  }

  /** Waits for the attempt's outcome: from this process's queue, or seen in the database. */
  private async await(job: CaptureJob, deadline: number): Promise<CaptureOutcome> {
    const stop = new AbortController();
    const timeout = Math.max(0, deadline - Date.now());
    try {
      const outcome = await Promise.race([
        this.queue.outcome(job, stop.signal),
        this.watchRow(job, stop.signal),
        sleep(timeout, null, { signal: stop.signal }).catch(() => null),
      ]);
      if (outcome) return outcome;
      throw timedOut();
    } finally {
      stop.abort();
    }
  }

  private async watchRow(job: CaptureJob, signal: AbortSignal): Promise<CaptureOutcome | null> {
    while (!signal.aborted) {
      await sleep(POLL_MS, null, { signal }).catch(() => null);
      if (signal.aborted) return null;
      const row = await this.store.findById(job.captureId);
      if (!row || row.status === 'captured' || row.attempt !== job.attempt)
        return { status: 'captured' };
      if (row.status === 'failed') return outcomeOfFailure(row.failure, row.error);
    }
    return null;
  }

  private errorFor(outcome: CaptureOutcome, client: string): ApiError {
    switch (outcome.status) {
      case 'rejected':
        return overloaded(5);
      case 'gone':
        return ApiError.notFound();
      case 'timed-out':
        return timedOut();
      default:
        return new ApiError(
          500,
          `Internal Server Error: unexpected failure of an email client (${client})`,
        );
    }
  }

  private isExpired(email: Email): boolean {
    return email.expiredAt !== null || email.expiresAt.getTime() <= this.clock.now().getTime();
  }

  /** A pending row whose lease ran out: its owner died or restarted under another name. */
  private isStale(capture: Capture): boolean {
    const now = this.clock.now().getTime();
    if (capture.leaseExpiresAt) return capture.leaseExpiresAt.getTime() <= now;
    // Rows from before leases existed.
    return now - capture.claimedAt.getTime() > this.config.capture.waitLimitMs;
  }
}

function timedOut(): ApiError {
  return new ApiError(504, 'Timeout: the email client took too long to respond');
}

function overloaded(retryAfterSeconds: number): ApiError {
  return new ApiError(503, 'Service Unavailable: too many captures are waiting, retry shortly', {
    'Retry-After': String(retryAfterSeconds),
  });
}
