import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { EmailStoreModule } from '../emails/email-store.module';
import { EmailEventsController } from './email-events.controller';
import { WebhookDispatcher } from './webhook-dispatcher';
import { WebhookSender } from './webhook-sender';
import { WebhooksController } from './webhooks.controller';
import { WebhooksModule } from './webhooks.module';

/** The webhooks API, the email event stream, and the dispatcher that sends (API processes). */
@Module({
  imports: [WebhooksModule, AuthModule, EmailStoreModule],
  controllers: [WebhooksController, EmailEventsController],
  providers: [WebhookSender, WebhookDispatcher],
})
export class WebhooksApiModule {}
