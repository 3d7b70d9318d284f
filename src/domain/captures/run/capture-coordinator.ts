import { currentRequestId } from '../../../platform/logging/request-id';
import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { within } from '../../../base/system/deadline';
import { ApiError } from '../../../base/errors/api-error';
import { AppConfig } from '../../../platform/config/app-config';
import { Clock } from '../../../platform/config/clock';
import { Email } from '../../emails/email.entity';
import { EmailsService } from '../../emails/emails.service';
import { Capture, isCaptured, isFinalFailure } from '../state/capture.entity';
import {
  captureError,
  CaptureFailed,
  CaptureJob,
  CaptureOutcome,
  failedBy,
  QueueFullError,
  SUPERSEDED,
} from '../state/capture-attempt';
import { CheckedConfiguration, configurationOf } from '../state/capture-configuration';
import { CaptureLeases } from './capture-leases';
import { CaptureStateMachine } from '../state/capture-state-machine';
import { CaptureQueue, EnqueueOptions } from '../queue/capture-queue';

/**
 * Attempts one request starts again after they were interrupted (their outcome could not be
 * written: the database or the storage failed; or their process stopped) before it answers 503.
 */
const INTERRUPTED_RETRIES = 2;
/** How soon, then how often at most, a waiter reads a row whose attempt it cannot hear of. */
const UNHEARD_FIRST_READ_MS = 100;
const UNHEARD_READ_MAX_MS = 2000;

/** A capture's answer: found captured (a repeat request, 301), or captured while it waited. */
export interface ObtainedCapture {
  cached: boolean;
  viewportWidth: number;
}

/**
 * Capture-once: the first request of a configuration creates (or claims) the capture row
 * and enqueues the render; every request, first or not, waits for the same attempt and
 * gets the same answer, heard from the queue that runs it. A failure caused by the email
 * itself (its deadline, a budget) is final: later requests get the same answer at once and
 * nothing renders it again. An engine failure is retried by later requests, up to
 * MAX_RENDER_ATTEMPTS; an interrupted attempt is started again by the request that waits, a
 * few times.
 */
@Injectable()
export class CaptureCoordinator {
  private readonly logger = new Logger(CaptureCoordinator.name);

  constructor(
    private readonly store: CaptureStateMachine,
    private readonly queue: CaptureQueue,
    private readonly leases: CaptureLeases,
    private readonly emails: EmailsService,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /**
   * The capture of a configuration, rendering it first when needed: the row is read once,
   * the email only when an attempt starts. Throws the contract's ApiErrors 404/500/503/504.
   */
  async obtain(emailId: string, configuration: CheckedConfiguration): Promise<ObtainedCapture> {
    // The render's own deadline is enforced where it runs; this bounds the wait, queue included.
    const deadline = Date.now() + this.config.capture.waitLimitMs;
    let capture = await this.store.find(emailId, configuration);
    if (capture && this.store.isAvailable(capture))
      return { cached: true, viewportWidth: capture.viewportWidth };
    let email: Email | null | undefined;
    let interruptions = 0;
    for (;;) {
      if (capture && this.store.isGone(capture))
        throw ApiError.notFound('This capture is no longer available');
      if (capture && isCaptured(capture))
        return { cached: false, viewportWidth: capture.viewportWidth };
      if (capture && isFinalFailure(capture))
        throw captureError(failedRow(capture), configuration.client);
      let outcome: CaptureOutcome = SUPERSEDED; // lost a race to write the row: read the winner's
      if (capture?.status === 'pending' && !this.isStale(capture)) {
        outcome = await this.wait(jobOf(capture), capture, deadline);
      } else {
        email ??= await this.emails.findById(emailId);
        const job = await this.start(email, emailId, configuration, capture);
        if (job) outcome = await this.wait(job, null, deadline);
      }
      if (outcome.status === 'captured')
        return { cached: false, viewportWidth: outcome.viewportWidth };
      const retry = outcome.status === 'failed' && outcome.failure === 'interrupted';
      if (outcome.status === 'failed' && !(retry && interruptions++ < INTERRUPTED_RETRIES))
        throw captureError(outcome, configuration.client);
      capture = await this.store.find(emailId, configuration);
    }
  }

  /**
   * Starts the captures of a batch without waiting (prefetch): every one that needs a
   * render is accepted into the queue, or none is and the answer is 503 (docs/api.md#prefetch).
   */
  async prefetch(email: Email, configurations: CheckedConfiguration[]): Promise<void> {
    const due: { configuration: CheckedConfiguration; capture: Capture | null }[] = [];
    for (const configuration of configurations) {
      const capture = await this.store.find(email.id, configuration);
      if (capture && (capture.status === 'captured' || this.store.isGone(capture))) continue;
      if (capture && isFinalFailure(capture)) continue;
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
      if (error instanceof QueueFullError) throw captureError(failedBy(error));
      throw error;
    }
  }

  release(count: number): void {
    this.queue.release(count);
  }

  /** Starts a batch on places reserved before; places left unused are given back. */
  async startReserved(
    email: Email,
    configurations: CheckedConfiguration[],
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

  /** A new attempt: inserts or claims the row, then enqueues it; null when another won the row. */
  private async start(
    email: Email | null,
    emailId: string,
    configuration: CheckedConfiguration,
    existing: Capture | null,
    options: { reserved?: boolean } = {},
  ): Promise<CaptureJob | null> {
    if (!email || this.isExpired(email)) throw ApiError.notFound();
    const captureId = existing?.id ?? randomUUID();
    return this.queue.underLease(captureId, async (lease) => {
      const claimed = existing
        ? await this.store.claim(existing, lease)
        : await this.store.insertPending(captureId, emailId, configuration, lease);
      if (!claimed) return null;
      const job: CaptureJob = {
        ...claimed,
        configuration: configurationOf(configuration),
        requestId: currentRequestId(),
      };
      const startedHere = email && { email, profile: configuration.profile };
      await this.enqueue(job, { ...options, startedHere });
      return job;
    });
  }

  private async enqueue(job: CaptureJob, options: EnqueueOptions) {
    try {
      await this.queue.enqueue(job, options);
    } catch (error) {
      const refused = error instanceof QueueFullError;
      const message = (error as Error).message;
      // Refused for its load, the capture waits for its next request. Otherwise (a queue
      // closing for shutdown, Redis gone) it was accepted and is handed back, to be recovered.
      const failure = refused && !error.closing ? 'queue-full' : 'interrupted';
      await this.store.markFailed(job, failure, message);
      if (refused) throw captureError(failedBy(error), job.configuration.client);
      throw error;
    }
  }

  /**
   * The attempt's outcome, from the queue that runs it; a request waits CAPTURE_WAIT_LIMIT_MS
   * at most in all (504). `row`: the pending row found, when another request started it.
   */
  private async wait(job: CaptureJob, row: Capture | null, deadline: number) {
    const stop = new AbortController();
    const heard = Promise.race([
      this.queue.outcome(job, stop.signal),
      this.watch(job, row, stop.signal),
    ]);
    try {
      const outcome = await within(heard, Math.max(0, deadline - Date.now()), () => null);
      return outcome ?? timedOut();
    } finally {
      stop.abort();
    }
  }

  /**
   * Reads the row again only when nothing else would tell: when its lease would run out (an
   * owner that died tells nobody), at most every CAPTURE_LEASE_MS; or, for an attempt that
   * runs where this process hears nothing (another embedded process), at a slowing pace.
   * SUPERSEDED once the row is no longer this live attempt's: the caller reads it then.
   */
  private async watch(job: CaptureJob, row: Capture | null, signal: AbortSignal) {
    const heard = !row || this.queue.hears(row);
    let until = row?.leaseExpiresAt ?? null;
    let pause = UNHEARD_FIRST_READ_MS;
    while (!signal.aborted) {
      const ms = heard ? this.untilLeaseEnds(until) : pause;
      if ((await sleep(ms, true, { signal }).catch(() => false)) === false) return null;
      const current = await this.store.findById(job.captureId);
      if (current?.status !== 'pending' || current.attempt !== job.attempt) return SUPERSEDED;
      if (this.isStale(current)) return SUPERSEDED;
      until = current.leaseExpiresAt;
      pause = Math.min(pause * 2, UNHEARD_READ_MAX_MS);
    }
    return null;
  }

  /** Milliseconds until a lease runs out, by the service clock; CAPTURE_LEASE_MS at most. */
  private untilLeaseEnds(until: Date | null): number {
    const { leaseMs } = this.config.capture;
    const left = until ? until.getTime() - this.clock.now().getTime() : leaseMs;
    return Math.min(leaseMs, Math.max(UNHEARD_FIRST_READ_MS, left + 1));
  }

  /** Past its lifetime, whether or not the expiry job has cleared it yet. */
  isExpired(email: Email): boolean {
    return email.expiredAt !== null || email.expiresAt.getTime() <= this.clock.now().getTime();
  }

  /**
   * A pending row whose lease ran out (its owner died or restarted under another name), or
   * leased to this process with nothing here working on it any more.
   */
  private isStale(capture: Capture): boolean {
    if (this.leases.isAbandonedHere(capture)) return true;
    const now = this.clock.now().getTime();
    if (capture.leaseExpiresAt) return capture.leaseExpiresAt.getTime() <= now;
    // Rows from before leases existed.
    return now - capture.claimedAt.getTime() > this.config.capture.waitLimitMs;
  }
}

/** The job of the attempt that holds a pending row. */
function jobOf(capture: Capture): CaptureJob {
  const { id: captureId, emailId, attempt } = capture;
  return { captureId, emailId, attempt, configuration: configurationOf(capture) };
}

/** A failed row's answer, as its attempt's waiters had it. */
function failedRow(capture: Capture): CaptureFailed {
  return { status: 'failed', failure: capture.failure ?? 'render', error: capture.error ?? '' };
}

/** The wait limit passed: answered as a render past its deadline (nothing is recorded). */
function timedOut(): CaptureFailed {
  return { status: 'failed', failure: 'timeout', error: 'CAPTURE_WAIT_LIMIT_MS passed' };
}
