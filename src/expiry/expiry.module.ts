import { Module } from '@nestjs/common';
import { ExpiryService } from './expiry.service';

/** The expiry jobs, without a schedule (the CLI and workers use this). */
@Module({
  providers: [ExpiryService],
  exports: [ExpiryService],
})
export class ExpiryModule {}
