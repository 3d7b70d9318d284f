import { Injectable } from '@nestjs/common';
import { ApiError } from '../../base/errors/api-error';
import { emailGuid } from '../../base/text/email-guid';
import type { Principal } from '../../base/security/principal';
import { AppConfig } from '../../platform/config/app-config';
import type { CheckedConfiguration } from '../captures/state/capture-configuration';
import { CaptureConfigurations } from '../captures/state/capture-configuration';
import { CaptureCoordinator } from '../captures/run/capture-coordinator';
import { captureHostUrl, diffFileName, imageFileName } from '../captures/state/capture-file-names';
import { CaptureStateMachine } from '../captures/state/capture-state-machine';
import type { CapturedCapture, CaptureFile } from '../captures/state/capture.entity';
import { EmailsService } from '../emails/emails.service';
import { Storage } from '../../platform/storage/storage';
import type { ComparisonRequest } from './comparison-request';
import { ImageDiffer } from './image-differ';

export interface ComparisonResult {
  client: string;
  changed_ratio: number;
  changed_pixels: number;
  base_url: string;
  head_url: string;
  diff_url: string;
}

const GONE = 'This capture is no longer available';

/**
 * Two versions of an email compared client by client: each configuration is captured where
 * it is missing (as a preview request would, billed the same), then the two full images are
 * diffed. The diff image is kept with the head capture's files, so it is served by the
 * capture host, moved by storage:move and purged with that capture; a later comparison of
 * the same two captures answers from it without diffing again.
 */
@Injectable()
export class ComparisonsService {
  constructor(
    private readonly emails: EmailsService,
    private readonly configurations: CaptureConfigurations,
    private readonly coordinator: CaptureCoordinator,
    private readonly store: CaptureStateMachine,
    private readonly storage: Storage,
    private readonly differ: ImageDiffer,
    private readonly config: AppConfig,
  ) {}

  async compare(principal: Principal, dto: ComparisonRequest): Promise<ComparisonResult[]> {
    const baseId = emailGuid(dto.base_email_guid, 'base_email_guid');
    const headId = emailGuid(dto.head_email_guid, 'head_email_guid');
    const options = { images: dto.images ?? 'allowed', orientation: dto.orientation ?? 'vertical' };
    // Every client is checked before anything is captured: a typo costs nothing.
    const codes = dto.clients ? dto.clients.map((client) => client.toUpperCase()) : [];
    const configurations = [...new Set(codes)].map((client) =>
      this.configurations.ofPreview(client, options),
    );
    await Promise.all([this.ownEmail(baseId, principal), this.ownEmail(headId, principal)]);
    if (!dto.clients) {
      const captured = new Set([
        ...(await this.store.capturedClients(baseId, options)),
        ...(await this.store.capturedClients(headId, options)),
      ]);
      for (const client of [...captured].sort())
        configurations.push(this.configurations.ofPreview(client, options));
      if (configurations.length === 0)
        throw ApiError.badRequest(
          "'clients' is required: neither email has been captured with these options",
        );
    }
    return Promise.all(
      configurations.map((configuration) => this.compareOne(baseId, headId, configuration)),
    );
  }

  /** The caller's own email; another account's is as unknown as a missing one. */
  private async ownEmail(id: string, principal: Principal): Promise<void> {
    const email = await this.emails.findById(id);
    if (!email || email.accountId !== principal.accountId) throw ApiError.notFound();
  }

  private async compareOne(
    baseId: string,
    headId: string,
    configuration: CheckedConfiguration,
  ): Promise<ComparisonResult> {
    const [base, head] = await Promise.all([
      this.captured(baseId, configuration),
      this.captured(headId, configuration),
    ]);
    const name = diffFileName(configuration, head.viewportWidth, baseId);
    const kept = head.files[name]?.diff;
    const diff =
      kept && kept.base_capture_id === base.id
        ? kept
        : await this.diffAndKeep(base, head, configuration, name);
    const fullUrl = (capture: CapturedCapture) =>
      captureHostUrl(
        this.config,
        configuration.client,
        capture.emailId,
        imageFileName(configuration, capture.viewportWidth, 'full'),
      );
    return {
      client: configuration.client,
      changed_ratio: diff.changed_ratio,
      changed_pixels: diff.changed_pixels,
      base_url: fullUrl(base),
      head_url: fullUrl(head),
      diff_url: captureHostUrl(this.config, configuration.client, headId, name),
    };
  }

  /** Captured now if it was not: the contract's errors (404, 500, 503, 504) pass through. */
  private async captured(emailId: string, configuration: CheckedConfiguration) {
    await this.coordinator.obtain(emailId, configuration);
    const capture = await this.store.find(emailId, configuration);
    if (!capture || !this.store.isAvailable(capture)) throw ApiError.notFound(GONE);
    return capture;
  }

  private async diffAndKeep(
    base: CapturedCapture,
    head: CapturedCapture,
    configuration: CheckedConfiguration,
    name: string,
  ) {
    const [basePng, headPng] = await Promise.all([
      this.fullImage(base, configuration),
      this.fullImage(head, configuration),
    ]);
    const diff = await this.differ.diff(basePng, headPng);
    // One key per pair of captures: a diff against a base captured again is a new file.
    const key = `captures/${head.emailId}/${head.id}-diffs/${base.id}/${name}`;
    const location = await this.storage.put(key, diff.png, 'image/png');
    const record = {
      base_capture_id: base.id,
      changed_pixels: diff.changedPixels,
      changed_ratio: diff.changedRatio,
    };
    const file: CaptureFile = {
      key,
      content_type: 'image/png',
      ...(location ? { location } : {}),
      diff: record,
    };
    const attached = await this.store.attachFile(head, name, file);
    if (!attached) {
      // Purged meanwhile: its diff goes with it.
      await this.storage.delete([{ key, location }]);
      throw ApiError.notFound(GONE);
    }
    // The diff against the base's earlier capture, if any, is no longer anyone's.
    if (attached.replaced && attached.replaced.key !== key)
      await this.storage.delete([attached.replaced]);
    return record;
  }

  private async fullImage(capture: CapturedCapture, configuration: CheckedConfiguration) {
    const file = capture.files[imageFileName(configuration, capture.viewportWidth, 'full')];
    const png = file && (await this.storage.get(file.key, file.location));
    if (!png) throw ApiError.notFound(GONE);
    return png;
  }
}
