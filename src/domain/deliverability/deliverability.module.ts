import { Module } from '@nestjs/common';
import { SpamdModule } from '../../platform/spamd/spamd.module';
import { EmailStoreModule } from '../emails/email-store.module';
import { DeliverabilityService } from './deliverability.service';

/** Spam scoring of an email (served at http/deliverability). */
@Module({
  imports: [EmailStoreModule, SpamdModule],
  providers: [DeliverabilityService],
  exports: [DeliverabilityService],
})
export class DeliverabilityModule {}
