import { Module } from '@nestjs/common';
import { ApplicationsModule } from './applications/applications.module';
import { AuthModule } from './auth/auth.module';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { BillingModule } from './billing/billing.module';
import { EmailsModule } from './emails/emails.module';
import { EventsModule } from './events/events.module';
import { ExpiryScheduleModule } from './expiry/expiry-schedule.module';
import { HealthModule } from './health/health.module';
import { OAuthModule } from './oauth/oauth.module';
import { LoggingModule } from './logging/logging.module';
import { MetricsEndpointModule } from './metrics/metrics-endpoint.module';
import { MetricsModule } from './metrics/metrics.module';
import { PlaygroundModule } from './playground/playground.module';
import { PreviewsModule } from './previews/previews.module';
import { ComparisonsModule } from './comparisons/comparisons.module';
import { ChecksModule } from './checks/checks.module';
import { RenderingModule } from './renderer/renderer.module';
import { LocalFilesModule } from './storage/local-files.module';
import { WebhooksApiModule } from './webhooks/webhooks-api.module';
import { StorageModule } from './storage/storage.module';

/** The HTTP API process. */
@Module({
  imports: [
    ConfigModule,
    LoggingModule,
    MetricsModule,
    DatabaseModule,
    StorageModule,
    LocalFilesModule,
    RenderingModule,
    ApplicationsModule,
    AuthModule,
    EmailsModule,
    PreviewsModule,
    ComparisonsModule,
    ChecksModule,
    OAuthModule,
    BillingModule,
    ExpiryScheduleModule,
    HealthModule,
    PlaygroundModule,
    MetricsEndpointModule,
    EventsModule,
    WebhooksApiModule,
  ],
})
export class AppModule {}
