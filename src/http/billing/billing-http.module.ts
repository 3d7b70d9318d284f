import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { BillingController } from './billing.controller';
import { UsageModule } from '../../domain/billing/usage.module';

/** The billing reports over HTTP, for staff keys (the guard is auth's). */
@Module({
  imports: [UsageModule, AuthModule],
  controllers: [BillingController],
})
export class BillingHttpModule {}
