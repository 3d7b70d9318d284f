import { AppConfig } from '../../../platform/config/app-config';
import { Clock } from '../../../platform/config/clock';
import { EventsHub } from '../../../platform/events/events-hub';
import { Metrics } from '../../../platform/metrics/metrics';
import { Injectable, Logger } from '@nestjs/common';
import type { Email } from '../../emails/email.entity';
import { EmailsService } from '../../emails/emails.service';
import { Renderer, RenderResult } from '../../../rendering';
import { Storage } from '../../../platform/storage/storage';
import { CaptureFile, isCaptured } from '../state/capture.entity';
import {
  CaptureJob,
  CaptureOutcome,
  failedBy,
  StartedHere,
  SUPERSEDED,
} from '../state/capture-attempt';
import { CaptureLeases } from './capture-leases';
import { CaptureStateMachine } from '../state/capture-state-machine';
import { IMAGE_SIZES, imageFileName, renderFileKeys } from '../state/capture-file-names';
import { captureCompleted, captureFailed, endsTheCapture } from './capture-events';
import { CaptureThumbnails } from './capture-thumbnails';
import { RenderFirst } from './render-first';

/**
 * Runs one capture attempt: renders the email in the client, stores the full image under
 * a key named by its content (captures sharing a render share its files), then, in one
 * transaction, marks the capture captured (only if this attempt still owns it) and records
 * the billable usage; the two thumbnails are stored just after, off the answer's path
 * (CaptureThumbnails). An attempt that lost the race deletes its file unless another
 * capture holds it, and stores no thumbnails.
 * Used by every queue adapter, in the API process (embedded) or in workers (scale-out); the
 * adapter holds the attempt's lease while it runs.
 *
 * An attempt always ends with its outcome written, or handed back: when the database or
 * the storage fails, the attempt is 'interrupted', its lease no longer renewed and its row
 * handed back as soon as the database answers, so nothing waits on an attempt that ended.
 */
@Injectable()
export class CaptureProcessor {
  private readonly logger = new Logger(CaptureProcessor.name);

  constructor(
    private readonly store: CaptureStateMachine,
    private readonly leases: CaptureLeases,
    private readonly emails: EmailsService,
    private readonly renderer: Renderer,
    private readonly storage: Storage,
    private readonly thumbnails: CaptureThumbnails,
    private readonly renderFirst: RenderFirst,
    private readonly metrics: Metrics,
    private readonly events: EventsHub,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async process(job: CaptureJob, startedHere?: StartedHere): Promise<CaptureOutcome> {
    let outcome: CaptureOutcome;
    try {
      outcome = await this.attempt(job, startedHere);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn(`capture ${job.captureId}: outcome not recorded, handed back: ${message}`);
      this.leases.handBackAbandoned(job, `its outcome could not be recorded: ${message}`);
      outcome = { status: 'failed', failure: 'interrupted', error: message };
    }
    this.metrics.captures.inc({ client: job.configuration.client, outcome: metricOf(outcome) });
    return outcome;
  }

  private async attempt(job: CaptureJob, startedHere?: StartedHere): Promise<CaptureOutcome> {
    // A worker takes the lease now (false: the row is not this attempt's pending row any more).
    if (!startedHere && !(await this.store.lease(job, this.leases.mine())))
      return this.outcomeOfRow(job);
    const email = startedHere?.email ?? (await this.emails.findById(job.emailId));
    if (!email || email.expiredAt) {
      const expired = {
        status: 'failed',
        failure: 'email-expired',
        error: 'the email has expired',
      } as const;
      const recorded = await this.store.markFailed(job, expired.failure, expired.error);
      if (!recorded) return SUPERSEDED;
      if (email)
        this.events.publish(captureFailed(email, job.configuration, expired, this.clock.now()));
      return expired;
    }
    const content = await this.emails.contentOf(email);
    const { configuration } = job;
    let result: RenderResult;
    try {
      result = await this.renderFirst.render(() =>
        this.renderer.render(
          content,
          startedHere?.profile ?? configuration.client,
          configuration,
          email.id,
        ),
      );
    } catch (error) {
      const failed = failedBy(error);
      // A budget or a deadline is the email's doing; anything else is ours to look into.
      const log = failed.failure === 'render' ? 'error' : 'warn';
      this.logger[log](
        `capture ${job.captureId} (${configuration.client}) failed: ${failed.error}`,
      );
      // A row that moved on meanwhile was handed back (a shutdown past its grace closes the
      // browser under this render): the failure is no one's answer, and no event.
      if (!(await this.store.markFailed(job, failed.failure, failed.error))) return SUPERSEDED;
      if (endsTheCapture(failed))
        this.events.publish(captureFailed(email, configuration, failed, this.clock.now()));
      return failed;
    }
    // Storage and database errors from here on are not the render's: they interrupt the attempt.
    return this.storeResult(job, email, result);
  }

  /** A job run again (BullMQ after a stall) whose row was captured already, or superseded. */
  private async outcomeOfRow(job: CaptureJob): Promise<CaptureOutcome> {
    const row = await this.store.findById(job.captureId);
    return row && isCaptured(row)
      ? { status: 'captured', viewportWidth: row.viewportWidth }
      : SUPERSEDED;
  }

  private async storeResult(
    job: CaptureJob,
    email: Email,
    result: RenderResult,
  ): Promise<CaptureOutcome> {
    const { configuration } = job;
    this.metrics.recordRender(result.engine.name, result.timings, result.shared);
    if (result.prepareCpuMs > 0)
      this.metrics.captureCpuSeconds.observe({ phase: 'prepare' }, result.prepareCpuMs / 1000);
    if (result.shared) this.metrics.dedupeHits.inc();
    const keys = renderFileKeys(email.id, result);
    // The full image is stored before the capture is answered; the thumbnails follow it,
    // to the same location. A capture sharing a render writes the same bytes to the same key.
    const location = await this.storage.put(keys.full, result.full, 'image/png');
    const files: Record<string, CaptureFile> = {};
    for (const size of IMAGE_SIZES) {
      files[imageFileName(configuration, result.viewportWidth, size)] = {
        key: keys[size],
        content_type: 'image/png',
        ...(location ? { location } : {}),
      };
    }
    const won = await this.store.markCaptured(job, email, {
      viewportWidth: result.viewportWidth,
      files,
      report: result.report,
      textSamples: result.textSamples,
      sharedRender: result.shared,
    });
    if (!won) {
      // Another capture of this render may hold the file, or be about to: deleted only if not.
      await this.store.deleteUnheld(email.id, [{ key: keys.full, location }], {
        unlessInFlight: true,
      });
      return SUPERSEDED;
    }
    this.logger.log(
      `capture ${job.captureId} of ${configuration.client} stored (render ${Math.round(result.timings.totalMs)} ms)`,
    );
    this.thumbnails.storeLater(
      { thumb: keys.thumb, thumb450: keys.thumb450, location },
      result.thumbnails,
    );
    this.events.publish(
      captureCompleted(this.config, email, configuration, result.viewportWidth, this.clock.now()),
    );
    return { status: 'captured', viewportWidth: result.viewportWidth };
  }
}

/** The outcome label of instant_preview_captures_total (README's queries read these). */
function metricOf(outcome: CaptureOutcome): string {
  if (outcome.status !== 'failed') return outcome.status;
  const labels: Partial<Record<string, string>> = {
    timeout: 'timed-out',
    'email-expired': 'gone',
    interrupted: 'abandoned',
  };
  return labels[outcome.failure] ?? 'failed';
}
