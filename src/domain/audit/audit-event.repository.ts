import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Between, FindOptionsWhere, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import type { KeysetPage, KeysetWindow } from '../../base/paging/cursor';
import { findKeysetPage } from '../../platform/database/keyset';
import { AuditEvent } from './audit-event.entity';

export interface AuditFilter {
  action?: string;
  targetType?: string;
  targetId?: string;
  staffKeyId?: string;
  from: Date;
  to: Date;
}

@Injectable()
export class AuditEventRepository {
  constructor(@InjectRepository(AuditEvent) private readonly rows: Repository<AuditEvent>) {}

  async insert(event: AuditEvent): Promise<void> {
    // The JSON columns' free-form objects are beyond TypeORM's partial-entity type.
    await this.rows.insert(event as QueryDeepPartialEntity<AuditEvent>);
  }

  /** A page of events, newest first, and how many match in all. */
  async page(filter: AuditFilter, offset: number, limit: number): Promise<[AuditEvent[], number]> {
    return this.rows.findAndCount({
      where: matching(filter),
      order: { at: 'DESC', id: 'DESC' },
      skip: offset,
      take: limit,
    });
  }

  /** A keyset page of the events page() pages, in its order. */
  after(filter: AuditFilter, window: KeysetWindow): Promise<KeysetPage<AuditEvent>> {
    return findKeysetPage(this.rows, matching(filter), { time: 'at', direction: 'DESC' }, window);
  }
}

function matching(filter: AuditFilter): FindOptionsWhere<AuditEvent> {
  const where: FindOptionsWhere<AuditEvent> = { at: Between(filter.from, filter.to) };
  if (filter.action) where.action = filter.action;
  if (filter.targetType) where.targetType = filter.targetType;
  if (filter.targetId) where.targetId = filter.targetId;
  if (filter.staffKeyId) where.staffKeyId = filter.staffKeyId;
  return where;
}
