import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { KeysetPage, KeysetWindow } from '../../../base/paging/cursor';
import { findKeysetPage } from '../../../platform/database/keyset';
import { Application } from '../application.entity';

@Injectable()
export class ApplicationRepository {
  constructor(@InjectRepository(Application) private readonly rows: Repository<Application>) {}

  list(): Promise<Application[]> {
    return this.rows.find({ order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** A page of list()'s order. */
  page(window: KeysetWindow): Promise<KeysetPage<Application>> {
    return findKeysetPage(this.rows, {}, { time: 'createdAt', direction: 'ASC' }, window);
  }

  async update(application: Application): Promise<void> {
    await this.rows.save(application);
  }

  findById(id: string): Promise<Application | null> {
    return this.rows.findOneBy({ id });
  }

  findByClientId(clientId: string): Promise<Application | null> {
    return this.rows.findOneBy({ clientId });
  }

  findByApiKeyId(apiKeyId: string): Promise<Application | null> {
    return this.rows.findOneBy({ apiKeyId });
  }
}
