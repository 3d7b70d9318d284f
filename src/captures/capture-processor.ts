import { Metrics } from '../metrics/metrics';
import { Injectable, Logger } from '@nestjs/common';
import type { Email } from '../emails/email.entity';
import { EmailsService } from '../emails/emails.service';
import { RenderDeadlineError } from '../rendering/engine/render-errors';
import { Renderer } from '../rendering/render';
import { Storage } from '../storage/storage';
import type { Capture, CaptureFile } from './capture.entity';
import { CaptureLeases } from './capture-leases';
import { CaptureStore } from './capture-store';
import { configurationOf, IMAGE_SIZES, ImageSize, imageFileName } from './capture-files';
import { CaptureThumbnails } from './capture-thumbnails';
import type { CaptureJob, CaptureOutcome } from './queue/capture-queue';

/**
 * Runs one capture attempt: renders the email in the client, stores the full image under
 * a key of this attempt, then, in one transaction, marks the capture captured (only if
 * this attempt still owns it) and records the billable usage; the two thumbnails are
 * stored just after, off the answer's path (CaptureThumbnails). An attempt that lost the
 * race deletes its file and stores no thumbnails, so no stored file is left unreferenced. Used by every queue
 * adapter, in the API process (embedded) or in workers (scale-out).
 */
@Injectable()
export class CaptureProcessor {
  private readonly logger = new Logger(CaptureProcessor.name);

  constructor(
    private readonly store: CaptureStore,
    private readonly leases: CaptureLeases,
    private readonly emails: EmailsService,
    private readonly renderer: Renderer,
    private readonly storage: Storage,
    private readonly thumbnails: CaptureThumbnails,
    private readonly metrics: Metrics,
  ) {}

  async process(job: CaptureJob): Promise<CaptureOutcome> {
    const capture = await this.store.findById(job.captureId);
    const outcome = await this.attempt(job, capture);
    this.metrics.captures.inc({ client: capture?.client ?? 'unknown', outcome: outcome.status });
    return outcome;
  }

  private async attempt(job: CaptureJob, capture: Capture | null): Promise<CaptureOutcome> {
    if (!capture || capture.status !== 'pending' || capture.attempt !== job.attempt) {
      return capture?.status === 'captured' ? { status: 'captured' } : { status: 'superseded' };
    }
    // This process renders the attempt now: it holds the lease, renewed while it lives.
    if (!(await this.store.lease(job, this.leases.mine()))) return { status: 'superseded' };
    const email = await this.emails.findById(capture.emailId);
    if (!email || email.expiredAt) {
      await this.store.markFailed(job, 'email-expired', 'the email has expired');
      return { status: 'gone' };
    }
    try {
      return await this.capture(job, capture, email);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn(`capture ${capture.id} (${capture.client}) failed: ${message}`);
      if (error instanceof RenderDeadlineError) {
        await this.store.markFailed(job, 'timeout', message);
        return { status: 'timed-out' };
      }
      await this.store.markFailed(job, 'render', message);
      return { status: 'failed', error: message };
    }
  }

  private async capture(job: CaptureJob, capture: Capture, email: Email): Promise<CaptureOutcome> {
    const configuration = configurationOf(capture);
    const result = await this.renderer.render(
      { html: email.htmlText, text: email.plainText, images: await this.emails.imagesFor(email) },
      capture.client,
      configuration,
      email.id,
    );
    this.metrics.recordRender(result.timings);
    if (result.shared) this.metrics.dedupeHits.inc();
    const keyOf = (size: ImageSize) =>
      `captures/${email.id}/${capture.id}-${job.attempt}/${imageFileName(configuration, result.viewportWidth, size)}`;
    const files: Record<string, CaptureFile> = {};
    for (const size of IMAGE_SIZES) {
      files[imageFileName(configuration, result.viewportWidth, size)] = {
        key: keyOf(size),
        content_type: 'image/png',
      };
    }
    // The full image is stored before the capture is answered; the thumbnails follow it.
    await this.storage.put(keyOf('full'), result.full, 'image/png');
    const won = await this.store.markCaptured(job, capture, email, {
      viewportWidth: result.viewportWidth,
      files,
      report: result.report,
      sharedRender: result.shared,
    });
    if (!won) {
      await this.storage.delete([keyOf('full')]);
      return { status: 'superseded' };
    }
    this.logger.log(
      `capture ${capture.id} of ${capture.client} stored (render ${Math.round(result.timings.totalMs)} ms)`,
    );
    this.thumbnails.storeLater(
      { thumb: keyOf('thumb'), thumb450: keyOf('thumb450') },
      result.thumbnails,
    );
    return { status: 'captured' };
  }
}
