import { Module } from '@nestjs/common';
import { UsageModule } from '../billing/usage.module';
import { CaptureFileHolder } from './capture-file-holder';
import { CaptureStore } from './capture-store';
import { CaptureRepository } from './capture.repository';

/** The only writer of capture rows, alone: what expiry needs without the renderer. */
@Module({
  imports: [UsageModule],
  providers: [CaptureRepository, CaptureStore, CaptureFileHolder],
  exports: [CaptureStore],
})
export class CaptureStoreModule {}
