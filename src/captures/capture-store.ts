import { Injectable } from '@nestjs/common';
import { BillingService } from '../billing/billing.service';
import { AppConfig } from '../config/app-config';
import { Clock } from '../config/clock';
import type { Email } from '../emails/email.entity';
import type { TextSample } from '../rendering/engine/page-scripts';
import type { ReportEntry } from '../rendering/pipeline/render-report';
import { Storage } from '../storage/storage';
import {
  Capture,
  CapturedCapture,
  CaptureFailure,
  CaptureFile,
  isCaptured,
} from './capture.entity';
import type { CaptureAttempt, CaptureJob } from './capture-attempt';
import { configurationOf, type CaptureConfiguration } from './capture-configuration';
import { attemptRow, CaptureRepository } from './capture.repository';

/** How many captured configurations a process remembers (about 200 bytes each). */
const CAPTURED_CACHE_SIZE = 20_000;

/** Rows purged per batch. */
const EXPIRY_BATCH = 100;
const DAY = 86_400_000;

/**
 * The capture state machine, and the two ways to own a render: insert the row (the unique
 * constraint lets one request win) or claim a failed/stale row by a conditional update
 * on its attempt number (one process wins). Correct across processes on one database.
 */
@Injectable()
export class CaptureStore {
  /**
   * Captured rows, for repeat GETs. Safe to keep: a captured row changes only when it is
   * purged, which happens after its expiresAt (every hit checks), when a diff is attached,
   * or when storage:move (any process) switches where its files are: where a file is, is
   * read from the database for each redirect (withCurrentFiles), never from here.
   */
  private readonly captured = new Map<string, CapturedCapture>();

  constructor(
    private readonly captures: CaptureRepository,
    private readonly clock: Clock,
    private readonly storage: Storage,
    private readonly billing: BillingService,
    private readonly config: AppConfig,
  ) {}

  capturedTexts(emailId: string) {
    return this.captures.capturedTexts(emailId);
  }

  capturedClients(emailId: string, options: Pick<CaptureConfiguration, 'images' | 'orientation'>) {
    return this.captures.capturedClients(emailId, options);
  }

  /**
   * The capture with its files as the database records them now (diffs attached since,
   * locations switched by storage:move); null when it is no longer captured.
   */
  async withCurrentFiles(capture: CapturedCapture): Promise<CapturedCapture | null> {
    const files = await this.captures.filesOf(capture.id);
    return files === null
      ? null
      : { ...capture, files: JSON.parse(files) as Record<string, CaptureFile> };
  }

  async find(emailId: string, configuration: CaptureConfiguration): Promise<Capture | null> {
    const key = rememberedKey(emailId, configuration);
    const remembered = this.captured.get(key);
    if (remembered && remembered.expiresAt > this.clock.now()) return remembered;
    this.captured.delete(key);
    const capture = await this.captures.findByConfiguration(emailId, configuration);
    if (capture && isCaptured(capture)) this.remember(key, capture);
    return capture;
  }

  private remember(key: string, capture: CapturedCapture): void {
    const oldest = this.captured.keys().next();
    if (this.captured.size >= CAPTURED_CACHE_SIZE && !oldest.done)
      this.captured.delete(oldest.value);
    this.captured.set(key, capture);
  }

  /**
   * Records one more file of a captured capture (a comparison's diff), kept with its others:
   * moved and purged with them. Null when the capture is no longer captured; else the file
   * it replaced under that name, if any.
   */
  async attachFile(
    capture: CapturedCapture,
    name: string,
    file: CaptureFile,
  ): Promise<{ replaced?: CaptureFile } | null> {
    let replaced: CaptureFile | undefined;
    const attached = await this.captures.changeFiles(capture.id, (files) => {
      replaced = files[name];
      files[name] = file;
      return true;
    });
    this.captured.delete(rememberedKey(capture.emailId, configurationOf(capture)));
    return attached ? { replaced } : null;
  }

  /** Captured and within CAPTURE_TTL_DAYS: its files may be served. */
  isAvailable(capture: Capture): capture is CapturedCapture {
    return isCaptured(capture) && capture.expiresAt > this.clock.now();
  }

  /**
   * Past its lifetime, purged or not yet: "no longer available"
   * (docs/api.md#lifecycle-of-emails-and-captures).
   */
  isGone(capture: Capture): boolean {
    return (
      capture.status === 'purged' || (capture.status === 'captured' && !this.isAvailable(capture))
    );
  }

  findById(id: string): Promise<Capture | null> {
    return this.captures.findById(id);
  }

  /** Inserts a pending row under a lease; null when another request inserted it first. */
  async insertPending(
    id: string,
    emailId: string,
    configuration: CaptureConfiguration,
    lease: Lease,
  ): Promise<CaptureAttempt | null> {
    const inserted = await this.captures.insertIfAbsent({
      id,
      emailId,
      ...configuration,
      status: 'pending',
      attempt: 1,
      claimedAt: this.clock.now(),
      leaseOwner: lease.owner,
      leaseExpiresAt: lease.until,
    });
    return inserted ? { captureId: id, emailId, attempt: 1 } : null;
  }

  /** Claims a failed or abandoned row for a new attempt; null when someone else did. */
  async claim(capture: Capture, lease: Lease): Promise<CaptureAttempt | null> {
    const attempt = capture.attempt + 1;
    const claimed = await this.captures.updateIf(
      { id: capture.id, attempt: capture.attempt, status: capture.status },
      {
        status: 'pending',
        attempt,
        claimedAt: this.clock.now(),
        leaseOwner: lease.owner,
        leaseExpiresAt: lease.until,
        failure: null,
        error: null,
      },
    );
    return claimed ? { captureId: capture.id, emailId: capture.emailId, attempt } : null;
  }

  /** Takes the lease of this attempt's pending row (a worker starting it); false: superseded. */
  lease(job: CaptureAttempt, lease: Lease): Promise<boolean> {
    return this.captures.updateIf(attemptRow(job), {
      leaseOwner: lease.owner,
      leaseExpiresAt: lease.until,
    });
  }

  renewLeases(owner: string, until: Date, captureIds: string[]): Promise<void> {
    return this.captures.renewLeases(owner, until, captureIds);
  }

  /** Hands back one attempt's pending row (failed as interrupted); false: it had moved on. */
  handBackAttempt(job: CaptureAttempt, why: string): Promise<boolean> {
    return this.captures.updateIf(attemptRow(job), interrupted(why));
  }

  /**
   * Hands back the pending rows whose owner `matches`: failed as 'interrupted', which
   * fences out their attempts' late writes; a new attempt captures them (CaptureRecovery,
   * or a request first). Returns the attempts handed back.
   */
  async handBack(matches: (owner: string) => boolean, why: string): Promise<CaptureAttempt[]> {
    const handed: CaptureAttempt[] = [];
    for (const row of await this.captures.findLeased()) {
      if (!row.leaseOwner || !matches(row.leaseOwner)) continue;
      const job = { captureId: row.id, emailId: row.emailId, attempt: row.attempt };
      if (await this.handBackAttempt(job, why)) handed.push(job);
    }
    return handed;
  }

  /**
   * Marks this attempt's capture captured, in one transaction with its billable usage
   * record, only if the attempt still owns the row. False: another attempt won.
   */
  async markCaptured(
    job: CaptureJob,
    email: Email,
    result: {
      viewportWidth: number;
      files: Record<string, CaptureFile>;
      report: ReportEntry[];
      sharedRender: boolean;
      textSamples: TextSample[];
    },
  ): Promise<boolean> {
    const now = this.clock.now();
    const captured = {
      status: 'captured' as const,
      capturedAt: now,
      expiresAt: new Date(now.getTime() + this.config.ttl.captureDays * DAY),
      ...result,
      failure: null,
      error: null,
      leaseOwner: null,
      leaseExpiresAt: null,
    };
    return this.captures.updateIfWith(attemptRow(job), captured, (transaction) =>
      this.billing.recordCapture(transaction, {
        captureId: job.captureId,
        accountId: email.accountId,
        applicationId: email.applicationId,
        userId: email.userId,
        endUserId: email.endUserId,
        emailId: email.id,
        client: job.configuration.client,
        images: job.configuration.images,
        orientation: job.configuration.orientation,
        capturedAt: now,
      }),
    );
  }

  /**
   * Marks this attempt failed, with why (a typed value other processes read) and how. False:
   * the row had moved on (handed back at a shutdown, another attempt), and this failure is
   * no one's answer.
   */
  markFailed(job: CaptureAttempt, failure: CaptureFailure, error: string): Promise<boolean> {
    return this.captures.updateIf(attemptRow(job), {
      status: 'failed',
      failure,
      error,
      leaseOwner: null,
      leaseExpiresAt: null,
      ...(failure === 'render' ? { renderFailures: () => 'render_failures + 1' } : {}),
    });
  }

  /**
   * Captures whose attempt no live process carries on, oldest first: handed back
   * ('interrupted': a shutdown or restart, an outcome that could not be recorded) or pending
   * past their lease (their process died). The caller asks its queue about pending ones: a
   * job may wait in a shared queue past its row's lease.
   */
  findAbandoned(take: number): Promise<Capture[]> {
    const now = this.clock.now();
    const legacyBefore = new Date(now.getTime() - this.config.capture.waitLimitMs);
    return this.captures.findAbandoned(now, legacyBefore, take);
  }

  /**
   * Captures past their lifetime lose their files and become purged
   * (docs/api.md#lifecycle-of-emails-and-captures). Each row is claimed by a conditional
   * update before its files go, so several processes may run this at once: nothing is deleted
   * twice, nothing is missed. Returns how many were purged.
   */
  /** Purges a captured row with the files it holds at that moment; null if another process did. */
  private async purge(id: string): Promise<Record<string, CaptureFile> | null> {
    for (;;) {
      const files = await this.captures.filesOf(id);
      if (files === null) return (await this.captures.markPurged(id)) ? {} : null;
      if (await this.captures.markPurgedIf(id, files))
        return JSON.parse(files) as Record<string, CaptureFile>;
    }
  }

  async purgeDue(now: Date): Promise<number> {
    let count = 0;
    for (;;) {
      const batch = await this.captures.findDue(now, EXPIRY_BATCH);
      if (batch.length === 0) return count;
      for (const capture of batch) {
        const files = await this.purge(capture.id);
        if (!files) continue;
        await this.deleteUnheld(capture.emailId, Object.values(files));
        count++;
      }
    }
  }

  /**
   * Deletes those of `files` that no captured row of the email holds: a file of a shared
   * render goes with the last capture holding it. Purges of two sharers at once each mark
   * their row first and read the other's after, so at least one sees both gone. With
   * `unlessInFlight`, nothing is deleted while one of the email's captures is being made
   * (it may be about to record the same file): such a file is left, not lost.
   */
  async deleteUnheld(
    emailId: string,
    files: Pick<CaptureFile, 'key' | 'location'>[],
    { unlessInFlight = false } = {},
  ): Promise<void> {
    const held = await this.captures.heldByEmail(emailId);
    if (unlessInFlight && held.inFlight) return;
    const keys = new Set(held.files.map((file) => file.key));
    await this.storage.delete(files.filter((file) => !keys.has(file.key)));
  }
}

/** Who holds a pending row, and until when (null owner: waiting in a shared queue). */
export interface Lease {
  owner: string | null;
  until: Date;
}

function interrupted(why: string) {
  return {
    status: 'failed' as const,
    failure: 'interrupted' as const,
    error: why,
    leaseOwner: null,
    leaseExpiresAt: null,
  };
}

function rememberedKey(emailId: string, configuration: CaptureConfiguration): string {
  return `${emailId}/${configuration.client}/${configuration.images}/${configuration.orientation}`;
}
