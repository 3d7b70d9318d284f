import type { Type } from '@nestjs/common';
import { ApplicationsModule } from './applications/applications.module';
import { AuthModule } from './auth/auth.module';
import { BillingModule } from './billing/billing.module';
import { UsageModule } from './billing/usage.module';
import { CaptureProcessingModule } from './captures/capture-processing.module';
import { ChecksModule } from './checks/checks.module';
import { ComparisonsModule } from './comparisons/comparisons.module';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { EmailsModule } from './emails/emails.module';
import { EventsModule } from './events/events.module';
import { ExpiryScheduleModule } from './expiry/expiry-schedule.module';
import { ExpiryModule } from './expiry/expiry.module';
import { HealthModule } from './health/health.module';
import { LoggingModule } from './logging/logging.module';
import { MetricsEndpointModule } from './metrics/metrics-endpoint.module';
import { MetricsModule } from './metrics/metrics.module';
import { OAuthModule } from './oauth/oauth.module';
import { PlaygroundModule } from './playground/playground.module';
import { PreviewsModule } from './previews/previews.module';
import { RenderingModule } from './renderer/renderer.module';
import { LocalFilesModule } from './storage/local-files.module';
import { StorageMoveModule } from './storage/move/storage-move.module';
import { StorageModule } from './storage/storage.module';
import { WebhooksApiModule } from './webhooks/webhooks-api.module';
import { WebhooksModule } from './webhooks/webhooks.module';

/** The service's processes: the HTTP API, a scale-out render worker, the admin CLI. */
export type ServiceProcess = 'api' | 'worker' | 'cli';

/**
 * Every module of the service and the processes that load it, in the order they load: the
 * one list (app.module.ts, worker/worker.module.ts and cli.module.ts each take their part).
 */
const MODULES: [Type<unknown>, ServiceProcess[]][] = [
  [ConfigModule, ['api', 'worker', 'cli']],
  [LoggingModule, ['api', 'worker']],
  [MetricsModule, ['api', 'worker']],
  [DatabaseModule, ['api', 'worker', 'cli']],
  [StorageModule, ['api', 'worker', 'cli']],
  [LocalFilesModule, ['api']],
  [RenderingModule, ['api', 'worker']],
  [CaptureProcessingModule, ['worker']],
  [ApplicationsModule, ['api', 'cli']],
  [AuthModule, ['api']],
  [EmailsModule, ['api']],
  [PreviewsModule, ['api']],
  [ComparisonsModule, ['api']],
  [ChecksModule, ['api']],
  [OAuthModule, ['api']],
  [BillingModule, ['api']],
  [UsageModule, ['cli']],
  [ExpiryScheduleModule, ['api']],
  [ExpiryModule, ['worker', 'cli']],
  [StorageMoveModule, ['cli']],
  [HealthModule, ['api']],
  [PlaygroundModule, ['api']],
  [MetricsEndpointModule, ['api']],
  [EventsModule, ['api', 'worker', 'cli']],
  [WebhooksApiModule, ['api']],
  [WebhooksModule, ['worker', 'cli']],
];

/** The modules a process loads, in order. */
export function modulesOf(process: ServiceProcess): Type<unknown>[] {
  return MODULES.filter(([, processes]) => processes.includes(process)).map(([module]) => module);
}
