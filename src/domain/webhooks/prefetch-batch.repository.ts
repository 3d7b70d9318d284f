import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { PrefetchBatch } from './prefetch-batch.entity';

@Injectable()
export class PrefetchBatchRepository {
  constructor(@InjectRepository(PrefetchBatch) private readonly rows: Repository<PrefetchBatch>) {}

  async insert(batch: PrefetchBatch): Promise<void> {
    await this.rows.insert(batch);
  }

  /** The emails with a batch not completed yet (few: a batch lasts as long as its captures). */
  async emailsWithOpen(): Promise<string[]> {
    const rows = await this.rows
      .createQueryBuilder('b')
      .select('DISTINCT b.email_id', 'emailId')
      .where('b.completed_at IS NULL')
      .getRawMany<{ emailId: string }>();
    return rows.map((row) => row.emailId);
  }

  openOf(emailId: string): Promise<PrefetchBatch[]> {
    return this.rows.findBy({ emailId, completedAt: IsNull() });
  }

  /** Marks it completed; false when another process did first. */
  async complete(id: string, at: Date): Promise<boolean> {
    const result = await this.rows.update({ id, completedAt: IsNull() }, { completedAt: at });
    return result.affected === 1;
  }

  async deleteOfEmail(emailId: string): Promise<void> {
    await this.rows.delete({ emailId });
  }
}
