import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/**
 * One event for one webhook, delivered at least once: its id is the `webhook-id` of every
 * attempt. Due when pending and `nextAttemptAt` has come; a sender holds it by a lease.
 */
@Entity('webhook_deliveries')
@Index('ix_webhook_deliveries_due', ['status', 'nextAttemptAt'])
@Index('ix_webhook_deliveries_webhook', ['webhookId', 'createdAt'])
export class WebhookDelivery {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @Column({ name: 'webhook_id', type: 'varchar', length: 36 })
  webhookId: string;

  @Column({ name: 'event_type', type: 'varchar', length: 40 })
  eventType: string;

  /** The body sent: `{type, timestamp, data}`. */
  @Column({ type: 'text' })
  payload: string;

  @Column({ type: 'varchar', length: 12 })
  status: DeliveryStatus;

  @Column({ type: 'integer' })
  attempts: number;

  @Column({ name: 'next_attempt_at' })
  nextAttemptAt: Date;

  @Column({ name: 'lease_until', type: Date, nullable: true })
  leaseUntil: Date | null;

  @Column({ name: 'last_status', type: 'integer', nullable: true })
  lastStatus: number | null;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  @Column({ name: 'created_at' })
  createdAt: Date;

  @Column({ name: 'delivered_at', type: Date, nullable: true })
  deliveredAt: Date | null;
}
