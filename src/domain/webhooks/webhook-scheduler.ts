import { closeWithin, RedisReconnection } from '../../platform/redis/redis-availability';
import { Logger, OnModuleDestroy } from '@nestjs/common';
import { Queue } from 'bullmq';
import type { AppConfig } from '../../platform/config/app-config';
import type { Clock } from '../../platform/config/clock';
import { redisConnection } from '../captures/queue/queue-names';
import type { WebhookWakeup } from './webhook-wakeup';

/** The BullMQ queue of webhook deliveries (scale-out): a job names a delivery due to be sent. */
export const WEBHOOK_QUEUE = 'webhook-deliveries';

export interface DeliveryJob {
  id: string;
}

/**
 * Tells a dispatcher that a delivery is due at `at` (new, or a retry after its wait). The
 * outbox row in the database stays the truth (status, attempts, log); this only says when.
 */
export abstract class WebhookScheduler {
  abstract due(deliveryId: string, attempts: number, at: Date): void;
}

/** Embedded: this process's dispatcher, which sleeps until the next due row. */
export class LocalWebhookScheduler extends WebhookScheduler {
  constructor(private readonly wakeup: WebhookWakeup) {
    super();
  }

  due(): void {
    this.wakeup.now();
  }
}

/**
 * Scale-out: a delayed BullMQ job per attempt, which wakes the dispatcher of whichever API
 * process takes it. The job id names the delivery and its attempt, so an attempt is
 * scheduled once.
 */
export class BullMqWebhookScheduler extends WebhookScheduler implements OnModuleDestroy {
  private readonly logger = new Logger(BullMqWebhookScheduler.name);
  private readonly queue: Queue<DeliveryJob>;
  private readonly reconnection = new RedisReconnection();

  constructor(
    config: AppConfig,
    private readonly clock: Clock,
  ) {
    super();
    this.queue = new Queue<DeliveryJob>(WEBHOOK_QUEUE, {
      connection: redisConnection(config, this.reconnection),
      prefix: config.redis.prefix,
    });
  }

  due(deliveryId: string, attempts: number, at: Date): void {
    const delay = Math.max(0, at.getTime() - this.clock.now().getTime());
    this.queue
      .add(
        'deliver',
        { id: deliveryId },
        {
          jobId: `${deliveryId}-${attempts}`,
          delay,
          removeOnComplete: { count: 1000 },
          removeOnFail: { count: 1000 },
        },
      )
      .catch((error: Error) =>
        // The dispatchers' sweep of the outbox sends it anyway, a minute late at most.
        this.logger.warn(`delivery ${deliveryId} not scheduled: ${error.message}`),
      );
  }

  async onModuleDestroy(): Promise<void> {
    await closeWithin(this.queue, this.reconnection);
  }
}
