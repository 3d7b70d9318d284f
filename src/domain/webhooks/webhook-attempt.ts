import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../platform/config/app-config';
import { Clock } from '../../platform/config/clock';
import type { DueDelivery } from './delivery-rotation';
import type { WebhookDelivery } from './webhook-delivery.entity';
import { WebhookDeliveryRepository } from './webhook-delivery.repository';
import { WebhookScheduler } from './webhook-scheduler';
import { WebhookSecrets } from './webhook-secrets';
import { SendResult, WebhookSender } from './webhook-sender';
import type { Webhook } from './webhook.entity';
import { WebhookRepository } from './webhook.repository';

/**
 * One attempt of a leased delivery (its lease already counted it), ended recorded whatever
 * happens: a 2xx delivers; anything else, a timeout, a connection error, an address refused
 * at connect or a secret no key opens is a failure with its error, retried after the next
 * wait of WEBHOOK_RETRY_SCHEDULE with the same `webhook-id`, and failed for good once the
 * schedule is spent. A webhook whose every delivery has failed for WEBHOOK_DISABLE_AFTER is
 * disabled, and says why.
 */
@Injectable()
export class WebhookAttempt {
  private readonly logger = new Logger(WebhookAttempt.name);

  constructor(
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly webhooks: WebhookRepository,
    private readonly secrets: WebhookSecrets,
    private readonly sender: WebhookSender,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly scheduler: WebhookScheduler,
  ) {}

  async run(due: DueDelivery): Promise<void> {
    const [delivery, webhook] = await Promise.all([
      this.deliveries.findById(due.id),
      this.webhooks.findById(due.webhookId),
    ]);
    if (!delivery) return; // deleted with its webhook meanwhile
    if (!webhook || webhook.disabledAt) {
      const reason = webhook ? 'the webhook is disabled' : 'the webhook was deleted';
      await this.deliveries.record(delivery.id, { status: 'failed', lastError: reason });
      return;
    }
    const result = await this.send(webhook, delivery);
    const now = this.clock.now();
    const attempts = due.attempts + 1;
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
    await this.failed(webhook, delivery, attempts, result, now);
  }

  private async send(webhook: Webhook, delivery: WebhookDelivery): Promise<SendResult> {
    try {
      const secret = this.secrets.open(webhook.secretSealed);
      const { id, payload } = delivery;
      return await this.sender.send(webhook.url, secret, id, this.clock.now(), payload);
    } catch (error) {
      // The attempt happened and failed: its error is recorded like a receiver's.
      return { status: null, error: (error as Error).message };
    }
  }

  private async failed(
    webhook: Webhook,
    delivery: WebhookDelivery,
    attempts: number,
    result: SendResult,
    now: Date,
  ): Promise<void> {
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
