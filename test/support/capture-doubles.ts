import type { Capture, CaptureFailure } from '../../src/domain/captures/state/capture.entity';
import {
  CaptureAttempt,
  CaptureJob,
  CaptureOutcome,
  QueueFullError,
} from '../../src/domain/captures/state/capture-attempt';
import {
  CaptureConfiguration,
  CheckedConfiguration,
  configurationOf,
} from '../../src/domain/captures/state/capture-configuration';
import type { CaptureLeases } from '../../src/domain/captures/run/capture-leases';
import type {
  CaptureStateMachine,
  Lease,
} from '../../src/domain/captures/state/capture-state-machine';
import { CaptureQueue, EnqueueOptions } from '../../src/domain/captures/queue/capture-queue';
import type { ApiError } from '../../src/base/errors/api-error';
import type { AppConfig } from '../../src/platform/config/app-config';
import type { Email } from '../../src/domain/emails/email.entity';
import type { EmailsService } from '../../src/domain/emails/emails.service';
import { clientCatalog } from '../../src/rendering/catalog/client-catalog';

/** The capture rows in memory, with the store's conditional updates (a test double). */
export class MemoryCaptureStore {
  readonly rows = new Map<string, Capture>();
  inserts = 0;
  /** Reads of a row (by configuration or by id). */
  reads = 0;

  asStore(): CaptureStateMachine {
    return this as unknown as CaptureStateMachine;
  }

  async find(emailId: string, configuration: CaptureConfiguration): Promise<Capture | null> {
    this.reads++;
    const found = this.row(emailId, configuration);
    return found ? { ...found } : null;
  }

  private row(emailId: string, configuration: CaptureConfiguration): Capture | undefined {
    return [...this.rows.values()].find(
      (row) =>
        row.emailId === emailId &&
        row.client === configuration.client &&
        row.images === configuration.images &&
        row.orientation === configuration.orientation,
    );
  }

  isAvailable(capture: Capture): boolean {
    return capture.status === 'captured' && capture.expiresAt! > new Date();
  }

  isGone(capture: Capture): boolean {
    return capture.status === 'purged';
  }

  async findById(id: string): Promise<Capture | null> {
    this.reads++;
    const row = this.rows.get(id);
    return row ? { ...row } : null;
  }

  /** Inserts a pending row; its job (the real store answers the attempt alone). */
  async insertPending(
    id: string,
    emailId: string,
    configuration: CaptureConfiguration,
    lease: Lease = LEASES.mine(),
  ): Promise<CaptureJob | null> {
    if (this.row(emailId, configuration)) return null; // the unique constraint, atomically
    this.inserts++;
    this.rows.set(id, {
      id,
      emailId,
      ...configuration,
      status: 'pending',
      attempt: 1,
      claimedAt: new Date(),
      leaseOwner: lease.owner,
      leaseExpiresAt: lease.until,
      failure: null,
      error: null,
    } as Capture);
    return { captureId: id, emailId, attempt: 1, configuration };
  }

  async claim(capture: Capture, lease: Lease = LEASES.mine()): Promise<CaptureJob | null> {
    const row = this.rows.get(capture.id)!;
    if (row.attempt !== capture.attempt || row.status !== capture.status) return null;
    Object.assign(row, {
      status: 'pending',
      attempt: row.attempt + 1,
      leaseOwner: lease.owner,
      leaseExpiresAt: lease.until,
      failure: null,
      error: null,
    });
    const { id: captureId, emailId, attempt } = row;
    return { captureId, emailId, attempt, configuration: configurationOf(row) };
  }

  /** The store's conditional lease: only the pending row of this attempt. */
  async lease(job: CaptureAttempt): Promise<boolean> {
    const row = this.rows.get(job.captureId);
    return row?.status === 'pending' && row.attempt === job.attempt;
  }

  async markFailed(job: CaptureAttempt, failure: CaptureFailure, error: string): Promise<boolean> {
    const row = this.rows.get(job.captureId)!;
    if (row.attempt !== job.attempt || row.status !== 'pending') return false;
    const renderFailures = (row.renderFailures ?? 0) + (failure === 'render' ? 1 : 0);
    Object.assign(row, { status: 'failed', failure, error, renderFailures });
    return true;
  }

  /** What a finished render does to the row (the processor's job, here by hand). */
  capture(job: CaptureAttempt): void {
    const row = this.rows.get(job.captureId)!;
    if (row.attempt === job.attempt)
      Object.assign(row, {
        status: 'captured',
        capturedAt: new Date(),
        expiresAt: new Date(Date.now() + 86_400_000),
        viewportWidth: 800,
        files: {},
      });
  }
}

/**
 * A queue whose jobs end when the test says so, answering waiters as the real adapters do
 * (their AttemptOutcomes). `hearsAll` false: attempts of other owners run where it hears nothing.
 */
export class ScriptedQueue extends CaptureQueue {
  readonly enqueued: CaptureJob[] = [];
  full = false;
  /** Refuses as a queue whose process is shutting down. */
  closing = false;
  /** Places a batch may still reserve. */
  room = 100;
  hearsAll = true;

  constructor() {
    super(60_000);
  }

  underLease<T>(_captureId: string, write: (lease: Lease) => Promise<T>): Promise<T> {
    return write(LEASES.mine());
  }

  hears(row: Capture): boolean {
    return this.hearsAll || row.leaseOwner === LEASES.owner;
  }

  async carries(row: Capture): Promise<boolean> {
    return this.enqueued.some((job) => job.captureId === row.id && job.attempt === row.attempt);
  }

  async stop(): Promise<void> {}

  async enqueue(job: CaptureJob, options: EnqueueOptions = {}): Promise<void> {
    if (this.closing) throw new QueueFullError(8, true);
    if (this.full && !options.reserved) throw new QueueFullError(7);
    this.enqueued.push(job);
  }

  async reserve(count: number): Promise<void> {
    if (count > this.room) throw new QueueFullError(7);
    this.room -= count;
  }

  release(count: number): void {
    this.room += count;
  }

  /** The job ended: how, as its adapter would publish it. */
  finish(job: CaptureAttempt, outcome: CaptureOutcome): void {
    this.outcomes.publish(job, outcome);
  }
}

export const EMAIL = {
  id: 'email-1',
  accountId: 'account-1',
  applicationId: 'application-1',
  userId: null,
  endUserId: 'reader-1',
  expiredAt: null,
  expiresAt: new Date(Date.now() + 86_400_000),
  htmlText: '<p>Hi</p>',
  plainText: null,
  images: [],
} as unknown as Email;

/** A client's configuration with the defaults, checked against the catalogue as a request does. */
export function checked(client: string): CheckedConfiguration {
  return new CheckedConfiguration(clientCatalog.find(client)!, 'allowed', 'vertical');
}

export const OL2019 = checked('OL2019');

/** The emails service as the coordinator and processor use it: `email()` is the one stored. */
export function emailsOf(email: () => Email | null): EmailsService {
  return {
    findById: async () => email(),
    contentOf: async (stored: Email) => ({
      html: stored.htmlText,
      text: stored.plainText,
      images: [],
      resources: [],
      missingImages: [],
    }),
  } as unknown as EmailsService;
}

/** Leases that never run out (lease expiry is the store's and the clock's business). */
export const LEASES = {
  owner: 'test#00000000',
  mine: () => ({ owner: 'test#00000000', until: new Date(Date.now() + 86_400_000) }),
  hold: () => undefined,
  release: () => undefined,
  isAbandonedHere: () => false,
  handBackAbandoned: () => undefined,
} as unknown as CaptureLeases;

/** The capture settings a coordinator reads. */
export function coordinatorConfig(waitLimitMs = 30_000): AppConfig {
  return { capture: { timeoutMs: 30_000, waitLimitMs, leaseMs: 15_000 } } as unknown as AppConfig;
}

/** The HTTP status a request would answer with (the ApiError it rejects with). */
export const statusOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (error: ApiError) => error.getStatus(),
  );
