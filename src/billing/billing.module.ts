import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BillingService } from './billing.service';
import { UsageRecord } from './usage-record.entity';

@Module({
  imports: [TypeOrmModule.forFeature([UsageRecord])],
  providers: [BillingService],
  exports: [BillingService],
})
export class BillingModule {}
