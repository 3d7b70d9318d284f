import { Module } from '@nestjs/common';
import { DeliverabilityModule } from '../deliverability/deliverability.module';
import { EmailStoreModule } from '../emails/email-store.module';
import { BimiLogos } from './bimi-logos';
import { InboxDrawer } from './inbox-drawer';
import { InboxViewsService } from './inbox-views.service';

/** Inbox views: an email's row in a client's message list (served at http/inbox). */
@Module({
  imports: [EmailStoreModule, DeliverabilityModule],
  providers: [InboxViewsService, InboxDrawer, BimiLogos],
  exports: [InboxViewsService],
})
export class InboxViewsModule {}
