import { Module } from '@nestjs/common';
import { ThrottleStoreModule } from '../../platform/throttling/throttle-store.module';
import { DeliveryRate } from './delivery-rate';
import { EventStreamAdmission } from './event-stream-admission';
import { WebhookAttempt } from './webhook-attempt';
import { WebhookDispatcher } from './webhook-dispatcher';
import { WebhookSender } from './webhook-sender';
import { WebhooksModule } from './webhooks.module';

/** The dispatcher that sends webhooks and the event streams' admission (API processes). */
@Module({
  imports: [WebhooksModule, ThrottleStoreModule],
  providers: [WebhookSender, WebhookAttempt, DeliveryRate, WebhookDispatcher, EventStreamAdmission],
  exports: [EventStreamAdmission],
})
export class WebhookDispatchModule {}
