import type { DynamicModule, Type } from '@nestjs/common';
import { AdminModule } from '../domain/admin/admin.module';
import { ApplicationsModule } from '../domain/applications/applications.module';
import { AuthModule } from '../http/auth/auth.module';
import { UsageModule } from '../domain/billing/usage.module';
import { CapturesModule } from '../domain/captures/captures.module';
import { ExpiryScheduleModule } from '../domain/expiry/expiry-schedule.module';
import { ExpiryModule } from '../domain/expiry/expiry.module';
import { IdempotencyModule } from '../domain/idempotency/idempotency.module';
import { RenderingModule } from '../domain/renderer/renderer.module';
import { WebhooksModule } from '../domain/webhooks/webhooks.module';
import { AdminHttpModule } from '../http/admin/admin-http.module';
import { BillingHttpModule } from '../http/billing/billing-http.module';
import { ChecksHttpModule } from '../http/checks/checks-http.module';
import { ConsoleModule } from '../http/console/console.module';
import { ComparisonsHttpModule } from '../http/comparisons/comparisons-http.module';
import { DeliverabilityHttpModule } from '../http/deliverability/deliverability-http.module';
import { InboxHttpModule } from '../http/inbox/inbox-http.module';
import { IntakeHttpModule } from '../http/intake/intake-http.module';
import { EmailsHttpModule } from '../http/emails/emails-http.module';
import { EndUsersHttpModule } from '../http/end-users/end-users-http.module';
import { LocalFilesModule } from '../http/files/local-files.module';
import { HealthModule } from '../http/health/health.module';
import { MetricsEndpointModule } from '../http/metrics/metrics-endpoint.module';
import { McpHttpModule } from '../http/mcp/mcp-http.module';
import { OAuthHttpModule } from '../http/oauth/oauth-http.module';
import { PlaygroundModule } from '../http/playground/playground.module';
import { PreviewsHttpModule } from '../http/previews/previews-http.module';
import { SharesHttpModule } from '../http/shares/shares-http.module';
import { WebhooksHttpModule } from '../http/webhooks/webhooks-http.module';
import { ConfigModule } from '../platform/config/config.module';
import { DatabaseModule } from '../platform/database/database.module';
import { EventsModule } from '../platform/events/events.module';
import { LoggingModule } from '../platform/logging/logging.module';
import { MetricsModule } from '../platform/metrics/metrics.module';
import { StorageMoveModule } from '../platform/storage/move/storage-move.module';
import { StorageModule } from '../platform/storage/storage.module';
import { SmtpIntakeModule } from '../smtp/smtp-intake.module';
import { ENTITIES } from './entities';

/** The service's processes: the HTTP API, a scale-out render worker, the admin CLI. */
export type ServiceProcess = 'api' | 'worker' | 'cli';

type ServiceModule = Type<unknown> | DynamicModule;

/**
 * Every module of the service and the processes that load it, in the order they load: the
 * one list (app.module.ts, worker/worker.module.ts and cli.module.ts each take their part).
 * The HTTP modules (http/) bring the domain modules their controllers use.
 */
const MODULES: [ServiceModule, ServiceProcess[]][] = [
  [ConfigModule, ['api', 'worker', 'cli']],
  [LoggingModule, ['api', 'worker']],
  [MetricsModule, ['api', 'worker']],
  [DatabaseModule.forRoot(ENTITIES), ['api', 'worker', 'cli']],
  [StorageModule, ['api', 'worker', 'cli']],
  [LocalFilesModule, ['api']],
  [RenderingModule, ['api', 'worker']],
  [CapturesModule.for('api'), ['api']],
  [CapturesModule.for('worker'), ['worker']],
  [CapturesModule.for('cli'), ['cli']],
  [IdempotencyModule, ['api', 'worker', 'cli']],
  [ApplicationsModule, ['api', 'cli']],
  [AuthModule, ['api']],
  [EmailsHttpModule, ['api']],
  [EndUsersHttpModule, ['api']],
  [PreviewsHttpModule, ['api']],
  [ComparisonsHttpModule, ['api']],
  [ChecksHttpModule, ['api']],
  [DeliverabilityHttpModule, ['api']],
  [InboxHttpModule, ['api']],
  [SharesHttpModule, ['api']],
  [IntakeHttpModule, ['api']],
  [SmtpIntakeModule, ['api']],
  [OAuthHttpModule, ['api']],
  [BillingHttpModule, ['api']],
  [AdminHttpModule, ['api']],
  [McpHttpModule, ['api']],
  [UsageModule, ['cli']],
  [AdminModule, ['cli']],
  [ExpiryScheduleModule, ['api']],
  [ExpiryModule, ['worker', 'cli']],
  [StorageMoveModule, ['cli']],
  [HealthModule, ['api']],
  [PlaygroundModule, ['api']],
  [ConsoleModule, ['api']],
  [MetricsEndpointModule, ['api']],
  [EventsModule, ['api', 'worker', 'cli']],
  [WebhooksHttpModule, ['api']],
  [WebhooksModule, ['worker', 'cli']],
];

/** The modules a process loads, in order. */
export function modulesOf(process: ServiceProcess): ServiceModule[] {
  return MODULES.filter(([, processes]) => processes.includes(process)).map(([module]) => module);
}
