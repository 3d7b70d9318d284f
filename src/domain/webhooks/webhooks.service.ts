import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ApiError } from '../../base/errors/api-error';
import { KeysetWindow, mapPage } from '../../base/paging/cursor';
import { isPublicHttpsUrl } from '../../base/network/public-url';
import { AppConfig } from '../../platform/config/app-config';
import { Clock } from '../../platform/config/clock';
import { EVENT_TYPES } from '../../platform/events/service-event';
import type { WebhookDelivery } from './webhook-delivery.entity';
import { WebhookDeliveryRepository } from './webhook-delivery.repository';
import { WebhookSecrets } from './webhook-secrets';
import type { Webhook } from './webhook.entity';
import { WebhookRepository } from './webhook.repository';
import { PrefetchBatchRepository } from './prefetch-batch.repository';

/** At most this many webhooks per application. */
const WEBHOOKS_PER_APPLICATION = 20;
/** The delivery log shows this many, newest first. */
const DELIVERIES_SHOWN = 100;

export interface WebhookView {
  id: string;
  url: string;
  events: string[];
  created_at: string;
  /** Present once disabled: when and why. */
  disabled?: { at: string; reason: string };
}

/** An application's webhooks: registered, listed, deleted, and their delivery log. */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly batches: PrefetchBatchRepository,
    private readonly secrets: WebhookSecrets,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /** Erasure: the email's events (deliveries, delivered or not) and prefetch batches go. */
  async forgetEmail(emailId: string): Promise<void> {
    await this.deliveries.deleteNaming(emailId);
    await this.batches.deleteOfEmail(emailId);
  }

  /** The new webhook, with its whsec_ secret: shown this once. */
  async create(
    applicationId: string,
    url: string,
    events: string[] = [...EVENT_TYPES],
  ): Promise<WebhookView & { secret: string }> {
    if (!this.allowed(url))
      throw ApiError.badRequest(
        "'url' must be an absolute https URL on a public host (or on a host WEBHOOK_ALLOW_HOSTS allows)",
      );
    const existing = await this.webhooks.ofApplication(applicationId);
    if (existing.length >= WEBHOOKS_PER_APPLICATION)
      throw ApiError.badRequest(`an application has at most ${WEBHOOKS_PER_APPLICATION} webhooks`);
    const secret = this.secrets.generate();
    const webhook: Webhook = {
      id: randomUUID(),
      applicationId,
      url,
      events,
      secretSealed: this.secrets.seal(secret),
      createdAt: this.clock.now(),
      failingSince: null,
      disabledAt: null,
      disabledReason: null,
    };
    await this.webhooks.insert(webhook);
    return { ...viewOf(webhook), secret };
  }

  async list(applicationId: string): Promise<WebhookView[]> {
    return (await this.webhooks.ofApplication(applicationId)).map(viewOf);
  }

  async page(applicationId: string, window: KeysetWindow) {
    return mapPage(await this.webhooks.pageOfApplication(applicationId, window), viewOf);
  }

  /** An application's webhooks with their health and recent deliveries (the admin's view). */
  async withDeliveries(applicationId: string) {
    const rows = await this.webhooks.ofApplication(applicationId);
    return Promise.all(
      rows.map(async (webhook) => ({
        ...viewOf(webhook),
        failing_since: webhook.failingSince?.toISOString() ?? null,
        recent_deliveries: (await this.deliveries.ofWebhook(webhook.id, DELIVERIES_SHOWN)).map(
          deliveryView,
        ),
      })),
    );
  }

  async delete(applicationId: string, id: string): Promise<void> {
    if (!(await this.webhooks.delete(id, applicationId))) throw ApiError.notFound();
    await this.deliveries.deleteOf(id);
  }

  async deliveriesOf(applicationId: string, id: string) {
    await this.requireOwn(applicationId, id);
    return (await this.deliveries.ofWebhook(id, DELIVERIES_SHOWN)).map(deliveryView);
  }

  /** Every delivery of the webhook, a page at a time: paging goes past the last 100. */
  async deliveriesPage(applicationId: string, id: string, window: KeysetWindow) {
    await this.requireOwn(applicationId, id);
    return mapPage(await this.deliveries.pageOfWebhook(id, window), deliveryView);
  }

  /** Another application's webhook is as absent as one that never was. */
  private async requireOwn(applicationId: string, id: string): Promise<void> {
    const webhook = await this.webhooks.findById(id);
    if (!webhook || webhook.applicationId !== applicationId) throw ApiError.notFound();
  }

  /**
   * Moves every secret sealed under an older key (WEBHOOK_SECRET_KEY_PREVIOUS, or the signing
   * secret of before WEBHOOK_SECRET_KEY) to the current one, so the older key can go; the
   * webhooks whose secret no key opens are named.
   */
  async reseal(): Promise<{ resealed: number; unopened: string[] }> {
    let resealed = 0;
    const unopened: string[] = [];
    for (const { id, secretSealed } of await this.webhooks.sealedSecrets()) {
      if (this.secrets.isCurrent(secretSealed)) continue;
      let secret: string;
      try {
        secret = this.secrets.open(secretSealed);
      } catch {
        unopened.push(id);
        continue;
      }
      await this.webhooks.updateSecret(id, this.secrets.seal(secret));
      resealed++;
    }
    return { resealed, unopened };
  }

  /** Public https, or any http(s) URL on a host the operator allows (an internal receiver). */
  private allowed(url: string): boolean {
    if (isPublicHttpsUrl(url)) return true;
    try {
      const parsed = new URL(url);
      return (
        /^https?:$/.test(parsed.protocol) &&
        !parsed.username &&
        !parsed.password &&
        this.config.webhooks.allowHosts.includes(parsed.hostname.toLowerCase())
      );
    } catch {
      return false;
    }
  }
}

function viewOf(webhook: Webhook): WebhookView {
  return {
    id: webhook.id,
    url: webhook.url,
    events: webhook.events,
    created_at: webhook.createdAt.toISOString(),
    ...(webhook.disabledAt && {
      disabled: { at: webhook.disabledAt.toISOString(), reason: webhook.disabledReason ?? '' },
    }),
  };
}

function deliveryView(delivery: WebhookDelivery) {
  return {
    id: delivery.id,
    event: delivery.eventType,
    status: delivery.status,
    attempts: delivery.attempts,
    last_status: delivery.lastStatus,
    last_error: delivery.lastError,
    created_at: delivery.createdAt.toISOString(),
    delivered_at: delivery.deliveredAt?.toISOString() ?? null,
    next_attempt_at: delivery.status === 'pending' ? delivery.nextAttemptAt.toISOString() : null,
  };
}
