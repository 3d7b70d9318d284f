import { Global, Module } from '@nestjs/common';
import { CapturePrefetch } from '../emails/capture-prefetch';
import { AppConfig } from '../../platform/config/app-config';
import { EmailStoreModule } from '../emails/email-store.module';
import { CaptureConfigurations } from './capture-configurations';
import { CaptureCoordinator } from './capture-coordinator';
import { CapturePrefetchAdapter } from './capture-prefetch.adapter';
import { CaptureRecovery } from './capture-recovery';
import { CaptureShutdown } from './capture-shutdown';
import { CaptureProcessingModule } from './capture-processing.module';
import { CaptureStoreModule } from './capture-store.module';
import { BullMqCaptureQueue } from './queue/bullmq-capture-queue';
import { CaptureQueue } from './queue/capture-queue';
import { InProcessCaptureQueue } from './queue/in-process-capture-queue';

/**
 * The capture-once core (docs/architecture.md#capture-path): capture rows, the coordinator,
 * the queue port with its adapters and the processor. The API's modules use it; HTTP lives in
 * previews.
 * Global so that emails reaches its CapturePrefetch port without importing captures.
 */
@Global()
@Module({
  imports: [CaptureProcessingModule, CaptureStoreModule, EmailStoreModule],
  providers: [
    CaptureConfigurations,
    CaptureCoordinator,
    { provide: CapturePrefetch, useClass: CapturePrefetchAdapter },
    InProcessCaptureQueue,
    BullMqCaptureQueue,
    CaptureShutdown,
    CaptureRecovery,
    {
      // The run mode chooses the adapter: BullMQ workers (scale-out) or this process (embedded).
      provide: CaptureQueue,
      inject: [AppConfig, InProcessCaptureQueue, BullMqCaptureQueue],
      useFactory: (config: AppConfig, local: InProcessCaptureQueue, shared: BullMqCaptureQueue) =>
        config.runMode === 'scale-out' ? shared : local,
    },
  ],
  exports: [
    CapturePrefetch,
    CaptureConfigurations,
    CaptureCoordinator,
    CaptureStoreModule,
    CaptureQueue,
    BullMqCaptureQueue,
    CaptureProcessingModule,
  ],
})
export class CapturesModule {}
