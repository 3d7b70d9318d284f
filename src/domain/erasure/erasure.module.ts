import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { EmailStoreModule } from '../emails/email-store.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { ErasureService } from './erasure.service';

/** Erasure of an email or an end user's emails (owns no table: asks each owner). */
@Module({
  imports: [EmailStoreModule, WebhooksModule, AuditModule],
  providers: [ErasureService],
  exports: [ErasureService],
})
export class ErasureModule {}
