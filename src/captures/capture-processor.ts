import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { BillingService } from '../billing/billing.service';
import { AppConfig } from '../config/app-config';
import { Clock } from '../config/clock';
import { Email } from '../emails/email.entity';
import type { ImagesOption, OrientationOption } from '../rendering/catalog/options';
import { Renderer } from '../rendering/render';
import type { RenderImage } from '../rendering/transforms/images';
import { Storage } from '../storage/storage';
import { Capture, CaptureFile } from './capture.entity';
import { imageFileName } from './capture-files';
import { CaptureJob, CaptureOutcome, EMAIL_EXPIRED_ERROR } from './queue/capture-queue';

const DAY = 86_400_000;

/**
 * Runs one capture attempt: renders the email in the client, stores the three files
 * under a key of this attempt, then, in one transaction, marks the capture captured (only
 * if this attempt still owns it) and records the billable usage. An attempt that lost the
 * race deletes its files, so no stored file is left unreferenced. Used by every queue
 * adapter, in the API process (embedded) or in workers (scale-out).
 */
@Injectable()
export class CaptureProcessor {
  private readonly logger = new Logger(CaptureProcessor.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly renderer: Renderer,
    private readonly storage: Storage,
    private readonly billing: BillingService,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async process(job: CaptureJob): Promise<CaptureOutcome> {
    const capture = await this.dataSource.getRepository(Capture).findOneBy({ id: job.captureId });
    if (!capture || capture.status !== 'pending' || capture.attempt !== job.attempt) {
      return capture?.status === 'captured'
        ? { status: 'captured' }
        : { status: 'failed', error: 'attempt superseded' };
    }
    const email = await this.dataSource.getRepository(Email).findOneBy({ id: capture.emailId });
    if (!email || email.expiredAt) {
      await this.fail(job, EMAIL_EXPIRED_ERROR);
      return { status: 'gone' };
    }
    try {
      return await this.capture(job, capture, email);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn(`capture ${capture.id} (${capture.client}) failed: ${message}`);
      await this.fail(job, message);
      return { status: 'failed', error: message };
    }
  }

  private async capture(job: CaptureJob, capture: Capture, email: Email): Promise<CaptureOutcome> {
    const configuration = {
      client: capture.client,
      images: capture.images as ImagesOption,
      orientation: capture.orientation as OrientationOption,
    };
    const result = await this.renderer.render(
      { html: email.htmlText, text: email.plainText, images: await this.loadImages(email) },
      capture.client,
      configuration,
    );
    const files: Record<string, CaptureFile> = {};
    const outputs = { full: result.full, thumb: result.thumb, thumb450: result.thumb450 };
    for (const [size, data] of Object.entries(outputs)) {
      const name = imageFileName(configuration, result.viewportWidth, size as keyof typeof outputs);
      const key = `captures/${email.id}/${capture.id}-${job.attempt}/${name}`;
      await this.storage.put(key, data, 'image/png');
      files[name] = { key, content_type: 'image/png' };
    }
    const now = this.clock.now();
    const won = await this.dataSource.transaction(async (manager) => {
      const update = await manager.update(
        Capture,
        { id: capture.id, attempt: job.attempt, status: 'pending' },
        {
          status: 'captured',
          capturedAt: now,
          expiresAt: new Date(now.getTime() + this.config.ttl.captureDays * DAY),
          viewportWidth: result.viewportWidth,
          files,
          report: result.report,
          error: null,
        },
      );
      if (update.affected !== 1) return false;
      await this.billing.recordCapture(manager, {
        captureId: capture.id,
        accountId: email.accountId,
        applicationId: email.applicationId,
        userId: email.userId,
        endUserId: email.endUserId,
        emailId: email.id,
        client: capture.client,
        images: capture.images,
        orientation: capture.orientation,
        capturedAt: now,
      });
      return true;
    });
    if (!won) {
      await this.storage.delete(Object.values(files).map((file) => file.key));
      return { status: 'failed', error: 'attempt superseded' };
    }
    return { status: 'captured' };
  }

  private async loadImages(email: Email): Promise<RenderImage[]> {
    const stored = email.images.filter((image) => image.status === 'stored' && image.key);
    const loaded = await Promise.all(
      stored.map(async (image) => {
        const data = await this.storage.get(image.key!);
        return data
          ? { url: image.url, contentType: image.content_type ?? 'application/octet-stream', data }
          : null;
      }),
    );
    return loaded.filter((image): image is RenderImage => image !== null);
  }

  private async fail(job: CaptureJob, error: string): Promise<void> {
    await this.dataSource
      .getRepository(Capture)
      .update(
        { id: job.captureId, attempt: job.attempt, status: 'pending' },
        { status: 'failed', error },
      );
  }
}
