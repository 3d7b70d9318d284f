import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { EmailStoreModule } from '../../domain/emails/email-store.module';
import { WebhookDispatchModule } from '../../domain/webhooks/webhook-dispatch.module';
import { WebhooksModule } from '../../domain/webhooks/webhooks.module';
import { EmailEventsController } from './email-events.controller';
import { WebhooksController } from './webhooks.controller';

/** The webhooks API and the email event stream. */
@Module({
  imports: [WebhooksModule, WebhookDispatchModule, AuthModule, EmailStoreModule],
  controllers: [WebhooksController, EmailEventsController],
})
export class WebhooksHttpModule {}
