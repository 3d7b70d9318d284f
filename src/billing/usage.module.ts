import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BillingService } from './billing.service';
import { UsageRecord } from './usage-record.entity';
import { UsageReports } from './usage-report';

/**
 * Usage records and their reports, without HTTP or authentication: what capture processing
 * (in the API or a render worker) and the CLI need of billing.
 */
@Module({
  imports: [TypeOrmModule.forFeature([UsageRecord])],
  providers: [BillingService, UsageReports],
  exports: [BillingService, UsageReports],
})
export class UsageModule {}
