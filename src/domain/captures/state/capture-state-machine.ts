import { Injectable } from '@nestjs/common';
import { BillingService } from '../../billing/billing.service';
import { AppConfig } from '../../../platform/config/app-config';
import { Clock } from '../../../platform/config/clock';
import type { Email } from '../../emails/email.entity';
import { Storage } from '../../../platform/storage/storage';
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
import { CapturePurge } from './capture-purge';
import { CapturedCache } from './captured-cache';
import {
  capturedRow,
  CaptureResult,
  failedRow,
  interruptedRow,
  Lease,
  leasedTo,
  pendingRow,
} from './capture-row-states';

export type { CaptureResult, Lease } from './capture-row-states';

const DAY = 86_400_000;

/**
 * The capture state machine, and the two ways to own a render: insert the row (the unique
 * constraint lets one request win) or claim a failed/stale row by a conditional update
 * on its attempt number (one process wins). Correct across processes on one database.
 */
@Injectable()
export class CaptureStateMachine {
  /** Captured rows, for repeat GETs (why that is safe: CapturedCache). */
  private readonly captured = new CapturedCache();
  private readonly purging: CapturePurge;

  constructor(
    private readonly captures: CaptureRepository,
    private readonly clock: Clock,
    storage: Storage,
    private readonly billing: BillingService,
    private readonly config: AppConfig,
  ) {
    this.purging = new CapturePurge(captures, storage);
  }

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
    const remembered = this.captured.get(emailId, configuration, this.clock.now());
    if (remembered) return remembered;
    const capture = await this.captures.findByConfiguration(emailId, configuration);
    if (capture && isCaptured(capture)) this.captured.remember(emailId, configuration, capture);
    return capture;
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
    this.captured.forget(capture.emailId, configurationOf(capture));
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
      ...pendingRow(1, this.clock.now(), lease),
    });
    return inserted ? { captureId: id, emailId, attempt: 1 } : null;
  }

  /** Claims a failed or abandoned row for a new attempt; null when someone else did. */
  async claim(capture: Capture, lease: Lease): Promise<CaptureAttempt | null> {
    const attempt = capture.attempt + 1;
    const claimed = await this.captures.updateIf(
      { id: capture.id, attempt: capture.attempt, status: capture.status },
      { ...pendingRow(attempt, this.clock.now(), lease), failure: null, error: null },
    );
    return claimed ? { captureId: capture.id, emailId: capture.emailId, attempt } : null;
  }

  /** Takes the lease of this attempt's pending row (a worker starting it); false: superseded. */
  lease(job: CaptureAttempt, lease: Lease): Promise<boolean> {
    return this.captures.updateIf(attemptRow(job), leasedTo(lease));
  }

  renewLeases(owner: string, until: Date, captureIds: string[]): Promise<void> {
    return this.captures.renewLeases(owner, until, captureIds);
  }

  /** Hands back one attempt's pending row (failed as interrupted); false: it had moved on. */
  handBackAttempt(job: CaptureAttempt, why: string): Promise<boolean> {
    return this.captures.updateIf(attemptRow(job), interruptedRow(why));
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
   * Records a picture drawn outside the render queue (an inbox view, docs/api.md#inbox-views):
   * captured at once with its files, served, moved and purged like any capture, and billed
   * nothing. False when another request recorded it first (the caller serves that one).
   */
  async insertDrawn(
    id: string,
    emailId: string,
    configuration: CaptureConfiguration,
    result: Pick<CaptureResult, 'viewportWidth' | 'files' | 'report'>,
  ): Promise<boolean> {
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + this.config.ttl.captureDays * DAY);
    return this.captures.insertIfAbsent({
      id,
      emailId,
      ...configuration,
      attempt: 1,
      claimedAt: now,
      ...capturedRow(now, expiresAt, { ...result, sharedRender: false, textSamples: [] }),
      // No text a pre-send check should judge: the list's colours are the client's, not the email's.
      textSamples: null,
    });
  }

  /**
   * Marks this attempt's capture captured, in one transaction with its billable usage
   * record, only if the attempt still owns the row. False: another attempt won.
   */
  async markCaptured(job: CaptureJob, email: Email, result: CaptureResult): Promise<boolean> {
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + this.config.ttl.captureDays * DAY);
    const row = capturedRow(now, expiresAt, result);
    return this.captures.updateIfWith(attemptRow(job), row, (transaction) =>
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
    return this.captures.updateIf(attemptRow(job), failedRow(failure, error));
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

  /** Purges the captures past their lifetime, with their files: CapturePurge.purgeDue. */
  purgeDue(now: Date): Promise<number> {
    return this.purging.purgeDue(now);
  }

  /** Erasure of every capture of the email, with their files: CapturePurge.eraseEmail. */
  async eraseEmail(emailId: string): Promise<number> {
    this.captured.forgetEmail(emailId);
    return this.purging.eraseEmail(emailId);
  }

  /** Deletes those of `files` no captured row of the email holds: CapturePurge.deleteUnheld. */
  deleteUnheld(
    emailId: string,
    files: Pick<CaptureFile, 'key' | 'location'>[],
    options: { unlessInFlight?: boolean } = {},
  ): Promise<void> {
    return this.purging.deleteUnheld(emailId, files, options);
  }
}
