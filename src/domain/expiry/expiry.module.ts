import { Module } from '@nestjs/common';
import { CaptureStoreModule } from '../captures/capture-store.module';
import { EmailStoreModule } from '../emails/email-store.module';
import { ExpiryService } from './expiry.service';

/** The expiry jobs, without a schedule (the CLI and workers use this). */
@Module({
  imports: [EmailStoreModule, CaptureStoreModule],
  providers: [ExpiryService],
  exports: [ExpiryService],
})
export class ExpiryModule {}
