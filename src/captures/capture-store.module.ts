import { Module } from '@nestjs/common';
import { UsageModule } from '../billing/usage.module';
import { CaptureStore } from './capture-store';

/** The only writer of capture rows, alone: what expiry needs without the renderer. */
@Module({
  imports: [UsageModule],
  providers: [CaptureStore],
  exports: [CaptureStore],
})
export class CaptureStoreModule {}
