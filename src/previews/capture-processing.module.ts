import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { CaptureProcessor } from './capture-processor';

/** What a render worker needs: the processor (rendering, storage and billing behind it). */
@Module({
  imports: [BillingModule],
  providers: [CaptureProcessor],
  exports: [CaptureProcessor],
})
export class CaptureProcessingModule {}
