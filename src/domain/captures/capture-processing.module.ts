import { Module } from '@nestjs/common';
import { UsageModule } from '../billing/usage.module';
import { EmailStoreModule } from '../emails/email-store.module';
import { CaptureStoreModule } from './capture-store.module';
import { CaptureDrain } from './capture-drain';
import { CaptureLeases } from './capture-leases';
import { CaptureProcessor } from './capture-processor';
import { CaptureThumbnails } from './capture-thumbnails';
import { RenderFirst } from './render-first';

/** What a render worker needs: the processor (rendering, storage and billing behind it). */
@Module({
  imports: [UsageModule, EmailStoreModule, CaptureStoreModule],
  providers: [CaptureLeases, CaptureProcessor, CaptureThumbnails, CaptureDrain, RenderFirst],
  exports: [CaptureLeases, CaptureProcessor, CaptureThumbnails, CaptureDrain],
})
export class CaptureProcessingModule {}
