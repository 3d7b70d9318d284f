import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, MoreThan, Repository } from 'typeorm';
import type { KeysetPage, KeysetWindow } from '../../base/paging/cursor';
import { findKeysetPage } from '../../platform/database/keyset';
import { WebhookDelivery } from './webhook-delivery.entity';

/** A pending delivery no sender holds, due now: its id, webhook and attempts so far. */
export type FreeDelivery = Pick<WebhookDelivery, 'id' | 'webhookId' | 'attempts'>;

/** The lease that says what a sender holds, along with the attempt it counts. */
export interface Lease {
  now: Date;
  until: Date;
  /** Leases a webhook may have at once, across every process. */
  perWebhook: number;
}

/** The outbox: deliveries waiting, held by a sender's lease while it sends. */
@Injectable()
export class WebhookDeliveryRepository {
  constructor(
    @InjectRepository(WebhookDelivery) private readonly rows: Repository<WebhookDelivery>,
  ) {}

  async insert(deliveries: WebhookDelivery[]): Promise<void> {
    if (deliveries.length > 0) await this.rows.insert(deliveries);
  }

  /**
   * Pending deliveries due by `now` and not held: each webhook's first `perWebhook` in due
   * order (it may not have more at once), at most `take` in all, the oldest first.
   */
  async due(now: Date, perWebhook: number, take: number): Promise<FreeDelivery[]> {
    const rows = await this.rows.manager
      .createQueryBuilder()
      .select('f.id', 'id')
      .addSelect('f.webhook_id', 'webhookId')
      .addSelect('f.attempts', 'attempts')
      .from(
        (free) =>
          free
            .select('d.id', 'id')
            .addSelect('d.webhook_id', 'webhook_id')
            .addSelect('d.attempts', 'attempts')
            .addSelect('d.next_attempt_at', 'next_attempt_at')
            .addSelect(
              'ROW_NUMBER() OVER (PARTITION BY d.webhook_id ORDER BY d.next_attempt_at, d.id)',
              'place',
            )
            .from(WebhookDelivery, 'd')
            .where("d.status = 'pending' AND d.next_attempt_at <= :now")
            .andWhere('(d.lease_until IS NULL OR d.lease_until < :now)'),
        'f',
      )
      .where('f.place <= :perWebhook')
      .orderBy('f.next_attempt_at', 'ASC')
      .addOrderBy('f.id', 'ASC')
      .limit(take)
      .setParameters({ now, perWebhook })
      .getRawMany<{ id: string; webhookId: string; attempts: number | string }>();
    return rows.map((row) => ({ ...row, attempts: Number(row.attempts) }));
  }

  /** How many leases each webhook holds now, across every process. */
  async heldPerWebhook(now: Date): Promise<Map<string, number>> {
    const rows = await this.rows
      .createQueryBuilder('d')
      .select('d.webhook_id', 'webhookId')
      .addSelect('COUNT(*)', 'held')
      .where("d.status = 'pending' AND d.lease_until >= :now", { now })
      .groupBy('d.webhook_id')
      .getRawMany<{ webhookId: string; held: number | string }>();
    return new Map(rows.map((row) => [row.webhookId, Number(row.held)]));
  }

  /**
   * Takes a due delivery until `until` and counts the attempt it is for, unless another
   * sender holds it or its webhook already has `perWebhook` leases: one sender wins, and a
   * lease is never without its attempt. On PostgreSQL other processes lease at the same
   * time, so leases of one webhook take turns under a transaction's advisory lock and count
   * the webhook's leases after it; on SQLite the one statement runs alone.
   */
  async lease(delivery: FreeDelivery, lease: Lease): Promise<boolean> {
    const take = async (manager: EntityManager) => {
      const result = await manager
        .createQueryBuilder()
        .update(WebhookDelivery)
        .set({ leaseUntil: lease.until, attempts: () => 'attempts + 1' })
        .where("id = :id AND status = 'pending' AND attempts = :attempts")
        .andWhere('(lease_until IS NULL OR lease_until < :now)')
        .andWhere(
          `(SELECT COUNT(*) FROM webhook_deliveries held WHERE held.webhook_id = :webhookId
            AND held.status = 'pending' AND held.lease_until >= :now) < :perWebhook`,
        )
        .setParameters({ ...delivery, now: lease.now, perWebhook: lease.perWebhook })
        .execute();
      return result.affected === 1;
    };
    if (this.rows.manager.connection.options.type !== 'postgres') return take(this.rows.manager);
    return this.rows.manager.transaction(async (manager) => {
      await manager.query("SELECT pg_advisory_xact_lock(hashtext('webhook-lease'), hashtext($1))", [
        delivery.webhookId,
      ]);
      return take(manager);
    });
  }

  /**
   * Leases that ran out before their attempt was recorded (its sender stopped: a crash, a
   * kill): the attempt is recorded with `error`, and the delivery is due again, or failed
   * once `attemptsAllowed` are spent.
   */
  async endRunOut(now: Date, attemptsAllowed: number, error: string): Promise<void> {
    await this.rows
      .createQueryBuilder()
      .update(WebhookDelivery)
      .set({
        leaseUntil: null,
        lastStatus: null,
        lastError: error,
        status: () => "CASE WHEN attempts >= :attemptsAllowed THEN 'failed' ELSE 'pending' END",
      })
      .where("status = 'pending' AND lease_until < :now")
      .setParameters({ now, attemptsAllowed })
      .execute();
  }

  findById(id: string): Promise<WebhookDelivery | null> {
    return this.rows.findOneBy({ id });
  }

  async record(id: string, values: Partial<WebhookDelivery>): Promise<void> {
    await this.rows.update({ id }, { ...values, leaseUntil: null });
  }

  /**
   * The earliest time after `now` a pending delivery may be taken: when the next one is due,
   * or when a lease runs out (another process's, whose webhook may then take another).
   */
  async nextDue(now: Date): Promise<Date | null> {
    const [due, leased] = await Promise.all([
      this.rows.findOne({
        where: { status: 'pending', nextAttemptAt: MoreThan(now) },
        order: { nextAttemptAt: 'ASC' },
        select: { id: true, nextAttemptAt: true },
      }),
      this.rows.findOne({
        where: { status: 'pending', leaseUntil: MoreThan(now) },
        order: { leaseUntil: 'ASC' },
        select: { id: true, leaseUntil: true },
      }),
    ]);
    const times = [due?.nextAttemptAt, leased?.leaseUntil].flatMap((at) =>
      at ? [at.getTime()] : [],
    );
    return times.length > 0 ? new Date(Math.min(...times)) : null;
  }

  ofWebhook(webhookId: string, take: number): Promise<WebhookDelivery[]> {
    return this.rows.find({
      where: { webhookId },
      order: { createdAt: 'DESC', id: 'DESC' },
      take,
    });
  }

  /** A page of every delivery of the webhook, in ofWebhook()'s order (newest first). */
  pageOfWebhook(webhookId: string, window: KeysetWindow): Promise<KeysetPage<WebhookDelivery>> {
    const order = { time: 'createdAt', direction: 'DESC' } as const;
    return findKeysetPage(this.rows, { webhookId }, order, window);
  }

  /** A disabled webhook's pending deliveries end as failed. */
  async failPending(webhookId: string, reason: string): Promise<void> {
    await this.rows.update(
      { webhookId, status: 'pending' },
      { status: 'failed', lastError: reason, leaseUntil: null },
    );
  }

  /** Deletes every delivery whose event names the email (erasure): delivered or not. */
  async deleteNaming(emailId: string): Promise<number> {
    const result = await this.rows
      .createQueryBuilder()
      .delete()
      .where('payload LIKE :guid', { guid: `%"${emailId}"%` })
      .execute();
    return result.affected ?? 0;
  }

  async deleteOf(webhookId: string): Promise<void> {
    await this.rows.delete({ webhookId });
  }
}
