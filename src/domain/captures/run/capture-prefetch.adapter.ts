import { Injectable } from '@nestjs/common';
import { CapturePrefetch } from '../../emails/capture-prefetch';
import { EventsHub } from '../../../platform/events/events-hub';
import type { Email } from '../../emails/email.entity';
import type { CaptureConfigurationInput } from '../../emails/email-upload';
import type { CheckedConfiguration } from '../state/capture-configuration';
import { CaptureConfigurations } from '../state/capture-configuration';
import { CaptureCoordinator } from './capture-coordinator';

/** Starts an email's prefetched captures through the coordinator. */
@Injectable()
export class CapturePrefetchAdapter extends CapturePrefetch<CheckedConfiguration> {
  constructor(
    private readonly configurations: CaptureConfigurations,
    private readonly coordinator: CaptureCoordinator,
    private readonly events: EventsHub,
  ) {
    super();
  }

  resolve(configurations: CaptureConfigurationInput[]): CheckedConfiguration[] {
    return this.configurations.resolve(configurations);
  }

  reserve(count: number): Promise<void> {
    return this.coordinator.reserve(count);
  }

  start(email: Email, configurations: CheckedConfiguration[]): void {
    this.events.batchStarted(batchOf(email, configurations));
    void this.coordinator.startReserved(email, configurations);
  }

  release(count: number): void {
    this.coordinator.release(count);
  }
}

/** One POST's or prefetch call's configurations, for prefetch.completed. */
export function batchOf(email: Email, configurations: CheckedConfiguration[]) {
  return {
    emailGuid: email.id,
    applicationId: email.applicationId,
    endUserId: email.endUserId,
    configurations: configurations.map(({ client, images, orientation }) => ({
      client,
      images,
      orientation,
    })),
  };
}
