import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { KeysetPage, KeysetWindow } from '../../../base/paging/cursor';
import { findKeysetPage } from '../../../platform/database/keyset';
import { User } from '../user.entity';

@Injectable()
export class UserRepository {
  constructor(@InjectRepository(User) private readonly rows: Repository<User>) {}

  existsByEmail(email: string): Promise<boolean> {
    return this.rows.existsBy({ email });
  }

  list(): Promise<User[]> {
    return this.rows.find({ order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** A page of list()'s order. */
  page(window: KeysetWindow): Promise<KeysetPage<User>> {
    return findKeysetPage(this.rows, {}, { time: 'createdAt', direction: 'ASC' }, window);
  }

  findById(id: string): Promise<User | null> {
    return this.rows.findOneBy({ id });
  }

  async update(user: User): Promise<void> {
    await this.rows.save(user);
  }

  findByEmail(email: string): Promise<User | null> {
    return this.rows.findOneBy({ email });
  }
}
