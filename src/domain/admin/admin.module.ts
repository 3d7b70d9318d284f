import { Module } from '@nestjs/common';
import { ApplicationsModule } from '../applications/applications.module';
import { AuditModule } from '../audit/audit.module';
import { UsageModule } from '../billing/usage.module';
import { OAuthModule } from '../oauth/oauth.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { AdminService } from './admin.service';

/** The admin API's actions: applications, users, staff keys, each one audited. */
@Module({
  imports: [ApplicationsModule, AuditModule, OAuthModule, UsageModule, WebhooksModule],
  providers: [AdminService],
  exports: [AdminService, AuditModule],
})
export class AdminModule {}
