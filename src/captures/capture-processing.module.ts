import { Module } from '@nestjs/common';
import { UsageModule } from '../billing/usage.module';
import { CaptureProcessor } from './capture-processor';

/** What a render worker needs: the processor (rendering, storage and billing behind it). */
@Module({
  imports: [UsageModule],
  providers: [CaptureProcessor],
  exports: [CaptureProcessor],
})
export class CaptureProcessingModule {}
