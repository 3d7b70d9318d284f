import { Injectable, OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Clock } from '../../platform/config/clock';
import { EventsHub } from '../../platform/events/events-hub';
import { eventBody, ServiceEvent } from '../../platform/events/service-event';
import { WebhookDeliveryRepository } from './webhook-delivery.repository';
import { WebhookRepository } from './webhook.repository';
import { WebhookScheduler } from './webhook-scheduler';

/**
 * Every event of an application becomes one delivery per enabled webhook that asked for its
 * type, written to the database (the outbox) before any attempt: it survives a restart and
 * is sent by whichever process's dispatcher takes it. Runs in every process that publishes
 * (API, workers, CLI).
 */
@Injectable()
export class WebhookOutbox implements OnModuleInit {
  constructor(
    private readonly events: EventsHub,
    private readonly webhooks: WebhookRepository,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly clock: Clock,
    private readonly scheduler: WebhookScheduler,
  ) {}

  onModuleInit(): void {
    this.events.subscribe((event) => this.enqueue(event));
  }

  async enqueue(event: ServiceEvent): Promise<void> {
    const subscribed = (await this.webhooks.enabledOf(event.applicationId)).filter((webhook) =>
      webhook.events.includes(event.type),
    );
    if (subscribed.length === 0) return;
    const now = this.clock.now();
    const payload = eventBody(event);
    const deliveries = subscribed.map((webhook) => ({
      id: `msg_${randomUUID().replace(/-/g, '')}`,
      webhookId: webhook.id,
      eventType: event.type,
      payload,
      status: 'pending' as const,
      attempts: 0,
      nextAttemptAt: now,
      leaseUntil: null,
      lastStatus: null,
      lastError: null,
      createdAt: now,
      deliveredAt: null,
    }));
    await this.deliveries.insert(deliveries);
    for (const delivery of deliveries) this.scheduler.due(delivery.id, 0, now);
  }
}
