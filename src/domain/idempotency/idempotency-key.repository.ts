import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, LessThanOrEqual, Repository } from 'typeorm';
import { isUniqueViolation } from '../../platform/database/constraint-violations';
import { IdempotencyKey } from './idempotency-key.entity';

@Injectable()
export class IdempotencyKeyRepository {
  constructor(
    @InjectRepository(IdempotencyKey) private readonly rows: Repository<IdempotencyKey>,
  ) {}

  /** Inserts the claim; false when the key is held already (by any process). */
  async claim(row: IdempotencyKey): Promise<boolean> {
    try {
      await this.rows.insert(row);
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  find(id: string): Promise<IdempotencyKey | null> {
    return this.rows.findOneBy({ id });
  }

  /** Records the answer of a claim still open. */
  async answer(id: string, status: number, sealed: string): Promise<void> {
    await this.rows.update(
      { id, responseSealed: IsNull() },
      { responseStatus: status, responseSealed: sealed },
    );
  }

  /** Gives up a claim still open (its request failed: the key may be used again). */
  async release(id: string): Promise<void> {
    await this.rows.delete({ id, responseSealed: IsNull() });
  }

  /** Removes the row if it is still the one read (another process may have replaced it). */
  async removeIfUnchanged(row: IdempotencyKey): Promise<void> {
    await this.rows.delete({ id: row.id, createdAt: row.createdAt });
  }

  async deleteExpired(now: Date): Promise<number> {
    return (await this.rows.delete({ expiresAt: LessThanOrEqual(now) })).affected ?? 0;
  }
}
