import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApplicationsModule } from '../applications/applications.module';
import { OAuthModule } from '../oauth/oauth.module';
import { BillingController } from './billing.controller';
import { BillingService } from './billing.service';
import { StaffGuard } from './staff.guard';
import { UsageRecord } from './usage-record.entity';
import { UsageReports } from './usage-report';

@Module({
  imports: [TypeOrmModule.forFeature([UsageRecord]), ApplicationsModule, OAuthModule],
  controllers: [BillingController],
  providers: [BillingService, UsageReports, StaffGuard],
  exports: [BillingService, UsageReports],
})
export class BillingModule {}
