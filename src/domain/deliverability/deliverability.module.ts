import { Module } from '@nestjs/common';
import { DnsModule } from '../../platform/dns/dns.module';
import { SpamdModule } from '../../platform/spamd/spamd.module';
import { EmailStoreModule } from '../emails/email-store.module';
import { DeliverabilityService } from './deliverability.service';

/** Spam scoring and authentication of an email (served at http/deliverability). */
@Module({
  imports: [EmailStoreModule, SpamdModule, DnsModule],
  providers: [DeliverabilityService],
  exports: [DeliverabilityService],
})
export class DeliverabilityModule {}
