import { LoggingModule } from '../logging/logging.module';
import { WorkerMetricsServer } from '../metrics/metrics-server';
import { Module } from '@nestjs/common';
import { ConfigModule } from '../config/config.module';
import { MetricsModule } from '../metrics/metrics.module';
import { DatabaseModule } from '../database/database.module';
import { ExpiryModule } from '../expiry/expiry.module';
import { CaptureProcessingModule } from '../captures/capture-processing.module';
import { RenderingModule } from '../renderer/renderer.module';
import { StorageModule } from '../storage/storage.module';
import { RenderWorker } from './render-worker';
import { EventsModule } from '../events/events.module';
import { WebhooksModule } from '../webhooks/webhooks.module';

/** The worker process: rendering, storage, billing and expiry; no HTTP server. */
@Module({
  imports: [
    ConfigModule,
    LoggingModule,
    MetricsModule,
    DatabaseModule,
    StorageModule,
    RenderingModule,
    CaptureProcessingModule,
    ExpiryModule,
    EventsModule,
    WebhooksModule,
  ],
  providers: [RenderWorker, WorkerMetricsServer],
})
export class WorkerModule {}
