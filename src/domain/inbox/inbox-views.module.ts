import { Module } from '@nestjs/common';
import { CaptureStoreModule } from '../captures/capture-store.module';
import { EmailStoreModule } from '../emails/email-store.module';
import { InboxViewsService } from './inbox-views.service';

/** Inbox views: an email's row in a client's message list (served at http/inbox). */
@Module({
  imports: [EmailStoreModule, CaptureStoreModule],
  providers: [InboxViewsService],
  exports: [InboxViewsService],
})
export class InboxViewsModule {}
