import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PrefetchBatch } from './prefetch-batch.entity';
import { PrefetchBatchRepository } from './prefetch-batch.repository';
import { PrefetchBatches } from './prefetch-batches';
import { WebhookDelivery } from './webhook-delivery.entity';
import { WebhookDeliveryRepository } from './webhook-delivery.repository';
import { WebhookOutbox } from './webhook-outbox';
import { WebhookSecrets } from './webhook-secrets';
import { WebhookWakeup } from './webhook-wakeup';
import {
  BullMqWebhookScheduler,
  LocalWebhookScheduler,
  WebhookScheduler,
} from './webhook-scheduler';
import { AppConfig } from '../../platform/config/app-config';
import { Clock } from '../../platform/config/clock';
import { Webhook } from './webhook.entity';
import { WebhookRepository } from './webhook.repository';
import { WebhooksService } from './webhooks.service';

/**
 * Webhooks without HTTP or sending: the outbox every publishing process writes (API, workers,
 * CLI), prefetch batches, and the registry the API and the CLI manage.
 */
@Module({
  imports: [TypeOrmModule.forFeature([Webhook, WebhookDelivery, PrefetchBatch])],
  providers: [
    WebhookRepository,
    WebhookDeliveryRepository,
    PrefetchBatchRepository,
    WebhookSecrets,
    WebhookWakeup,
    {
      provide: WebhookScheduler,
      inject: [AppConfig, Clock, WebhookWakeup],
      useFactory: (config: AppConfig, clock: Clock, wakeup: WebhookWakeup) =>
        config.runMode === 'scale-out'
          ? new BullMqWebhookScheduler(config, clock)
          : new LocalWebhookScheduler(wakeup),
    },
    WebhookOutbox,
    PrefetchBatches,
    WebhooksService,
  ],
  exports: [
    WebhooksService,
    WebhookRepository,
    WebhookDeliveryRepository,
    WebhookSecrets,
    WebhookWakeup,
    WebhookScheduler,
  ],
})
export class WebhooksModule {}
