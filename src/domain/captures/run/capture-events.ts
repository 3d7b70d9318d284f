import type { AppConfig } from '../../../platform/config/app-config';
import type { Email } from '../../emails/email.entity';
import type { EventType, ServiceEvent } from '../../../platform/events/service-event';
import { CaptureFailed, captureError } from '../state/capture-attempt';
import type { CaptureConfiguration } from '../state/capture-configuration';
import { previewBody } from '../state/capture-file-names';

type EventEmail = Pick<Email, 'id' | 'applicationId' | 'endUserId'>;

/** An event of one configuration of an email: whom it goes to, and what names it. */
function configurationEvent(
  type: EventType,
  email: EventEmail,
  { client, images, orientation }: CaptureConfiguration,
  at: Date,
  details: Record<string, unknown>,
): ServiceEvent {
  return {
    type,
    timestamp: at.toISOString(),
    applicationId: email.applicationId,
    emailGuid: email.id,
    data: {
      email_guid: email.id,
      end_user_id: email.endUserId,
      client,
      images,
      orientation,
      ...details,
    },
  };
}

/** capture.completed: the configuration, its three URLs and its report. */
export function captureCompleted(
  config: AppConfig,
  email: EventEmail,
  configuration: CaptureConfiguration,
  viewportWidth: number,
  at: Date,
): ServiceEvent {
  const urls = previewBody(config, configuration, email.id, viewportWidth);
  return configurationEvent('capture.completed', email, configuration, at, urls);
}

/** capture.failed: the configuration, with the contract's status and description. */
export function captureFailed(
  email: EventEmail,
  configuration: CaptureConfiguration,
  failed: CaptureFailed,
  at: Date,
): ServiceEvent {
  const error = captureError(failed, configuration.client);
  return configurationEvent('capture.failed', email, configuration, at, {
    status: error.getStatus(),
    description: error.message,
  });
}

/** Failures another attempt follows (handed back, refused before rendering): not final. */
export function endsTheCapture(failed: CaptureFailed): boolean {
  return failed.failure !== 'interrupted' && failed.failure !== 'queue-full';
}
