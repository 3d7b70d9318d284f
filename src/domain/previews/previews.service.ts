import { Injectable } from '@nestjs/common';
import type { ReportEntry } from '../../rendering';
import { ApiError } from '../../base/errors/api-error';
import { emailGuid } from '../../base/text/email-guid';
import { AppConfig } from '../../platform/config/app-config';
import { EmailsService } from '../emails/emails.service';
import { CaptureConfigurations } from '../captures/state/capture-configuration';
import { CaptureCoordinator } from '../captures/run/capture-coordinator';
import {
  captureHostUrl,
  imageFileName,
  ImageSize,
  previewBody,
  resultFileName,
} from '../captures/state/capture-file-names';
import { CaptureStateMachine } from '../captures/state/capture-state-machine';
import { batchOf } from '../captures/run/capture-prefetch.adapter';
import { EventsHub } from '../../platform/events/events-hub';
import type {
  CaptureConfiguration,
  CheckedConfiguration,
} from '../captures/state/capture-configuration';
import type { PreviewQuery } from './preview-query';

export type PreviewAnswer =
  | { kind: 'captured-now'; body: ReturnType<typeof previewBody> }
  | { kind: 'cached'; location: string };

@Injectable()
export class PreviewsService {
  constructor(
    private readonly emails: EmailsService,
    private readonly configurations: CaptureConfigurations,
    private readonly coordinator: CaptureCoordinator,
    private readonly store: CaptureStateMachine,
    private readonly config: AppConfig,
    private readonly events: EventsHub,
  ) {}

  /** Validates the path and query the way the contract orders the errors. */
  configuration(guid: string, client: string, query: PreviewQuery): CheckedConfiguration {
    emailGuid(guid);
    return this.configurations.ofPreview(client, query);
  }

  /** JSON endpoint: 200 with the URLs after a first capture, else 301 to the cached JSON. */
  async preview(guid: string, configuration: CheckedConfiguration): Promise<PreviewAnswer> {
    const emailId = guid.toLowerCase();
    const capture = await this.coordinator.obtain(emailId, configuration);
    if (capture.cached) {
      return {
        kind: 'cached',
        location: captureHostUrl(
          this.config,
          configuration.client,
          emailId,
          resultFileName(configuration),
        ),
      };
    }
    return {
      kind: 'captured-now',
      body: previewBody(this.config, configuration, emailId, capture.viewportWidth),
    };
  }

  /**
   * The emulation report of a captured configuration; never starts a capture
   * (docs/api.md#emulation-report).
   */
  async report(guid: string, configuration: CheckedConfiguration): Promise<EmulationReport> {
    const emailId = guid.toLowerCase();
    const capture = await this.store.find(emailId, configuration);
    if (!capture || !this.store.isAvailable(capture))
      throw ApiError.notFound('This configuration has not been captured');
    return {
      email_guid: emailId,
      ...configuration,
      captured_at: capture.capturedAt.toISOString(),
      entries: capture.report ?? [],
    };
  }

  /** The capture-host URL of one image size, capturing first when needed. */
  async imageUrl(
    guid: string,
    configuration: CheckedConfiguration,
    size: ImageSize,
  ): Promise<string> {
    const emailId = guid.toLowerCase();
    const { viewportWidth } = await this.coordinator.obtain(emailId, configuration);
    return captureHostUrl(
      this.config,
      configuration.client,
      emailId,
      imageFileName(configuration, viewportWidth, size),
    );
  }

  /** Starts captures in the background for an email of the caller's account. */
  async prefetch(
    guid: string,
    accountId: string,
    configurations: CheckedConfiguration[],
  ): Promise<void> {
    emailGuid(guid);
    const email = await this.emails.findById(guid.toLowerCase());
    if (!email || email.accountId !== accountId) throw ApiError.notFound();
    await this.coordinator.prefetch(email, configurations);
    this.events.batchStarted(batchOf(email, configurations));
  }
}

/** What a client dropped or changed in one capture, and the public record of why. */
export interface EmulationReport extends CaptureConfiguration {
  email_guid: string;
  captured_at: string;
  entries: ReportEntry[];
}
