import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { Clock } from '../config/clock';
import type { WebhookDelivery } from './webhook-delivery.entity';
import { WebhookDeliveryRepository } from './webhook-delivery.repository';
import { WebhookSecrets } from './webhook-secrets';
import { WebhookSender } from './webhook-sender';
import { WebhookWakeup } from './webhook-wakeup';
import { DeliveryJob, WEBHOOK_QUEUE, WebhookScheduler } from './webhook-scheduler';
import { redisConnection } from '../captures/queue/queue-names';
import { Worker } from 'bullmq';
import { WebhookRepository } from './webhook.repository';

/** Deliveries sent at once, and how long a sender holds one. */
const AT_ONCE = 8;
const LEASE_MS = 60_000;
/**
 * The longest sleep between looks at the outbox. Embedded: deliveries written by another
 * process (the CLI's expiry) wake no dispatcher here. Scale-out: BullMQ jobs wake the
 * dispatchers, and this sweep only catches a job Redis lost.
 */
const IDLE_MS = { embedded: 2_000, 'scale-out': 60_000 };
const EARLY_MS = 1_000;

/**
 * Sends due deliveries from the outbox, at least once: a 2xx delivers; anything else, a
 * timeout or a connection error is retried after the next wait of WEBHOOK_RETRY_SCHEDULE
 * with the same `webhook-id`, and fails for good once the schedule is spent. A webhook whose
 * every delivery has failed for WEBHOOK_DISABLE_AFTER is disabled, and says why. Sending
 * never holds up a capture: captures only write the outbox. In the API processes: embedded,
 * woken by this process's outbox and its own timer; scale-out, by BullMQ jobs (a delayed job
 * per attempt, WebhookScheduler), whichever API process is free. A lease on the row makes
 * each attempt one sender's.
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(WebhookDispatcher.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;
  private worker?: Worker<DeliveryJob>;

  constructor(
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly webhooks: WebhookRepository,
    private readonly secrets: WebhookSecrets,
    private readonly sender: WebhookSender,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly scheduler: WebhookScheduler,
    wakeup: WebhookWakeup,
  ) {
    wakeup.onWake(() => this.wake());
  }

  onApplicationBootstrap(): void {
    if (this.config.runMode === 'scale-out')
      this.worker = new Worker<DeliveryJob>(WEBHOOK_QUEUE, (job) => this.deliver(job.data.id), {
        connection: redisConnection(this.config),
        prefix: this.config.redis.prefix,
        concurrency: AT_ONCE,
      });
    this.wake(); // deliveries a restart interrupted are due again
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.worker?.close();
    await this.running;
  }

  /** A BullMQ job's delivery: sent if it is still pending, due and not held by another. */
  private async deliver(id: string): Promise<void> {
    const delivery = await this.deliveries.findById(id);
    const now = this.clock.now();
    // A delayed job may fire a moment before its row's time: a second early is sent.
    const early = delivery && delivery.nextAttemptAt.getTime() - now.getTime() > EARLY_MS;
    if (!delivery || delivery.status !== 'pending' || early) return;
    if (await this.deliveries.lease(delivery, now, new Date(now.getTime() + LEASE_MS)))
      await this.attempt(delivery);
  }

  /** Runs a pass now, or right after the one under way. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.pass()
      .catch((error: Error) => this.logger.warn(`webhook deliveries: ${error.message}`))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        } else void this.sleep();
      });
  }

  private async sleep(): Promise<void> {
    if (this.stopped) return;
    const next = await this.deliveries.nextDue().catch(() => null);
    const idle = IDLE_MS[this.config.runMode];
    const wait = next ? next.getTime() - this.clock.now().getTime() : idle;
    this.timer = setTimeout(() => this.wake(), Math.max(0, Math.min(wait, idle)));
    this.timer.unref();
  }

  private async pass(): Promise<void> {
    for (;;) {
      const now = this.clock.now();
      const due = await this.deliveries.due(now, AT_ONCE);
      if (due.length === 0 || this.stopped) return;
      const until = new Date(now.getTime() + LEASE_MS);
      await Promise.all(
        due.map(async (delivery) => {
          if (await this.deliveries.lease(delivery, now, until)) await this.attempt(delivery);
        }),
      );
    }
  }

  private async attempt(delivery: WebhookDelivery): Promise<void> {
    const webhook = await this.webhooks.findById(delivery.webhookId);
    if (!webhook || webhook.disabledAt) {
      const reason = webhook ? 'the webhook is disabled' : 'the webhook was deleted';
      await this.deliveries.record(delivery.id, { status: 'failed', lastError: reason });
      return;
    }
    const result = await this.sender.send(
      webhook.url,
      this.secrets.open(webhook.secretSealed),
      delivery.id,
      this.clock.now(),
      delivery.payload,
    );
    const now = this.clock.now();
    const attempts = delivery.attempts + 1;
    if (result.status !== null && result.status >= 200 && result.status < 300) {
      await this.deliveries.record(delivery.id, {
        status: 'delivered',
        attempts,
        lastStatus: result.status,
        lastError: null,
        deliveredAt: now,
      });
      if (webhook.failingSince) await this.webhooks.markHealthy(webhook.id);
      return;
    }
    const error = result.error ?? `answered HTTP ${result.status}`;
    const delays = this.config.webhooks.retryDelaysMs;
    const last = attempts > delays.length;
    const next = last ? delivery.nextAttemptAt : new Date(now.getTime() + delays[attempts - 1]);
    await this.deliveries.record(delivery.id, {
      status: last ? 'failed' : 'pending',
      attempts,
      lastStatus: result.status,
      lastError: error,
      nextAttemptAt: next,
    });
    if (!last) this.scheduler.due(delivery.id, attempts, next);
    await this.webhooks.markFailing(webhook.id, now);
    const since = webhook.failingSince ?? now;
    if (now.getTime() - since.getTime() >= this.config.webhooks.disableAfterMs) {
      const reason = `disabled ${now.toISOString()}: every delivery failed since ${since.toISOString()} (last: ${error})`;
      if (await this.webhooks.disable(webhook.id, now, reason)) {
        await this.deliveries.failPending(webhook.id, 'the webhook is disabled');
        this.logger.warn(`webhook ${webhook.id} ${reason}`);
      }
    }
  }
}
