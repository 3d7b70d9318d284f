import { Module } from '@nestjs/common';
import { BillingService } from './billing.service';
import { UsageRecordRepository } from './usage-record.repository';
import { UsageReports } from './usage-report';

/**
 * Usage records and their reports, without HTTP or authentication: what capture processing
 * (in the API or a render worker) and the CLI need of billing.
 */
@Module({
  providers: [UsageRecordRepository, BillingService, UsageReports],
  exports: [BillingService, UsageReports],
})
export class UsageModule {}
