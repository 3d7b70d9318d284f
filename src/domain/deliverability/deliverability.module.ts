import { Module } from '@nestjs/common';
import { SpamdModule } from '../../platform/spamd/spamd.module';
import { EmailStoreModule } from '../emails/email-store.module';
import { AuthenticationChecker } from './authentication-checker';
import { DeliverabilityService } from './deliverability.service';

/** Spam scoring and authentication of an email (served at http/deliverability). */
@Module({
  imports: [EmailStoreModule, SpamdModule],
  providers: [DeliverabilityService, AuthenticationChecker],
  exports: [DeliverabilityService],
})
export class DeliverabilityModule {}
