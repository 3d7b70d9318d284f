import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { KeysetPage, KeysetWindow } from '../../../base/paging/cursor';
import { findKeysetPage } from '../../../platform/database/keyset';
import { StaffKey } from '../staff-key.entity';

@Injectable()
export class StaffKeyRepository {
  constructor(@InjectRepository(StaffKey) private readonly rows: Repository<StaffKey>) {}

  async insert(key: StaffKey): Promise<void> {
    await this.rows.insert(key);
  }

  findByKeyId(keyId: string): Promise<StaffKey | null> {
    return this.rows.findOneBy({ keyId });
  }

  findById(id: string): Promise<StaffKey | null> {
    return this.rows.findOneBy({ id });
  }

  list(): Promise<StaffKey[]> {
    return this.rows.find({ order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** A page of list()'s order. */
  page(window: KeysetWindow): Promise<KeysetPage<StaffKey>> {
    return findKeysetPage(this.rows, {}, { time: 'createdAt', direction: 'ASC' }, window);
  }

  async update(key: StaffKey): Promise<void> {
    await this.rows.save(key);
  }
}
