import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, Repository } from 'typeorm';
import { WebhookDelivery } from './webhook-delivery.entity';

/** The outbox: deliveries waiting, held by a sender's lease while it sends. */
@Injectable()
export class WebhookDeliveryRepository {
  constructor(
    @InjectRepository(WebhookDelivery) private readonly rows: Repository<WebhookDelivery>,
  ) {}

  async insert(deliveries: WebhookDelivery[]): Promise<void> {
    if (deliveries.length > 0) await this.rows.insert(deliveries);
  }

  /** Pending deliveries due by `now` and not held, oldest first. */
  due(now: Date, take: number): Promise<WebhookDelivery[]> {
    return this.rows
      .createQueryBuilder('d')
      .where("d.status = 'pending' AND d.next_attempt_at <= :now", { now })
      .andWhere(
        new Brackets((query) =>
          query.where('d.lease_until IS NULL').orWhere('d.lease_until < :now', { now }),
        ),
      )
      .orderBy('d.next_attempt_at', 'ASC')
      .limit(take)
      .getMany();
  }

  /** Takes a due delivery until `until`, unless another sender holds it (one sender wins). */
  async lease(delivery: WebhookDelivery, now: Date, until: Date): Promise<boolean> {
    const result = await this.rows
      .createQueryBuilder()
      .update(WebhookDelivery)
      .set({ leaseUntil: until })
      .where("id = :id AND status = 'pending' AND attempts = :attempts", {
        id: delivery.id,
        attempts: delivery.attempts,
      })
      .andWhere(
        new Brackets((query) =>
          query.where('lease_until IS NULL').orWhere('lease_until < :now', { now }),
        ),
      )
      .execute();
    return result.affected === 1;
  }

  findById(id: string): Promise<WebhookDelivery | null> {
    return this.rows.findOneBy({ id });
  }

  async record(id: string, values: Partial<WebhookDelivery>): Promise<void> {
    await this.rows.update({ id }, { ...values, leaseUntil: null });
  }

  /** The next time a pending delivery is due, if any. */
  async nextDue(): Promise<Date | null> {
    const next = await this.rows.findOne({
      where: { status: 'pending' },
      order: { nextAttemptAt: 'ASC' },
      select: { id: true, nextAttemptAt: true },
    });
    return next?.nextAttemptAt ?? null;
  }

  ofWebhook(webhookId: string, take: number): Promise<WebhookDelivery[]> {
    return this.rows.find({
      where: { webhookId },
      order: { createdAt: 'DESC', id: 'DESC' },
      take,
    });
  }

  /** A disabled webhook's pending deliveries end as failed. */
  async failPending(webhookId: string, reason: string): Promise<void> {
    await this.rows.update(
      { webhookId, status: 'pending' },
      { status: 'failed', lastError: reason, leaseUntil: null },
    );
  }

  async deleteOf(webhookId: string): Promise<void> {
    await this.rows.delete({ webhookId });
  }
}
