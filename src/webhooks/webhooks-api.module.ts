import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { EmailStoreModule } from '../emails/email-store.module';
import { ThrottleStoreModule } from '../throttling/throttle-store.module';
import { DeliveryRate } from './delivery-rate';
import { EmailEventsController } from './email-events.controller';
import { EventStreamAdmission } from './event-stream-admission';
import { WebhookAttempt } from './webhook-attempt';
import { WebhookDispatcher } from './webhook-dispatcher';
import { WebhookSender } from './webhook-sender';
import { WebhooksController } from './webhooks.controller';
import { WebhooksModule } from './webhooks.module';

/** The webhooks API, the email event stream, and the dispatcher that sends (API processes). */
@Module({
  imports: [WebhooksModule, AuthModule, EmailStoreModule, ThrottleStoreModule],
  controllers: [WebhooksController, EmailEventsController],
  providers: [WebhookSender, WebhookAttempt, DeliveryRate, WebhookDispatcher, EventStreamAdmission],
})
export class WebhooksApiModule {}
