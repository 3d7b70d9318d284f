import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, Repository } from 'typeorm';
import type { KeysetPage, KeysetWindow } from '../../base/paging/cursor';
import { findKeysetPage } from '../../platform/database/keyset';
import { Webhook } from './webhook.entity';

@Injectable()
export class WebhookRepository {
  constructor(@InjectRepository(Webhook) private readonly rows: Repository<Webhook>) {}

  async insert(webhook: Webhook): Promise<void> {
    await this.rows.insert(webhook);
  }

  ofApplication(applicationId: string): Promise<Webhook[]> {
    return this.rows.find({ where: { applicationId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** A page of ofApplication()'s order. */
  pageOfApplication(applicationId: string, window: KeysetWindow): Promise<KeysetPage<Webhook>> {
    const order = { time: 'createdAt', direction: 'ASC' } as const;
    return findKeysetPage(this.rows, { applicationId }, order, window);
  }

  /** The application's enabled webhooks (the event filter is the caller's). */
  enabledOf(applicationId: string): Promise<Webhook[]> {
    return this.rows.findBy({ applicationId, disabledAt: IsNull() });
  }

  findById(id: string): Promise<Webhook | null> {
    return this.rows.findOneBy({ id });
  }

  /** Whose each webhook is (a webhook deleted meanwhile is absent). */
  async applicationsOf(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.rows.find({
      where: { id: In(ids) },
      select: { id: true, applicationId: true },
    });
    return new Map(rows.map((row) => [row.id, row.applicationId]));
  }

  /** Every webhook's sealed secret (for moving seals to the current key). */
  sealedSecrets(): Promise<Pick<Webhook, 'id' | 'secretSealed'>[]> {
    return this.rows.find({ select: { id: true, secretSealed: true }, order: { id: 'ASC' } });
  }

  async updateSecret(id: string, sealed: string): Promise<void> {
    await this.rows.update({ id }, { secretSealed: sealed });
  }

  async delete(id: string, applicationId: string): Promise<boolean> {
    return ((await this.rows.delete({ id, applicationId })).affected ?? 0) === 1;
  }

  /** A delivery failed: failing since now, unless it already was. */
  async markFailing(id: string, at: Date): Promise<void> {
    await this.rows.update({ id, failingSince: IsNull() }, { failingSince: at });
  }

  async markHealthy(id: string): Promise<void> {
    await this.rows.update({ id }, { failingSince: null });
  }

  async disable(id: string, at: Date, reason: string): Promise<boolean> {
    const result = await this.rows.update(
      { id, disabledAt: IsNull() },
      { disabledAt: at, disabledReason: reason },
    );
    return result.affected === 1;
  }
}
