import { Module } from '@nestjs/common';
import { EmailStoreModule } from '../emails/email-store.module';
import { ExpiryService } from './expiry.service';

/** The expiry jobs, without a schedule (the CLI and workers use this). */
@Module({
  imports: [EmailStoreModule],
  providers: [ExpiryService],
  exports: [ExpiryService],
})
export class ExpiryModule {}
