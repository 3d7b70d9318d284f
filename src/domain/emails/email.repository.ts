import { Injectable } from '@nestjs/common';
import type { PreviewText } from '../../rendering';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, LessThanOrEqual, Repository } from 'typeorm';
import { isForeignKeyViolation } from '../../platform/database/constraint-violations';
import { Email } from './email.entity';

/** What expiry needs of an email: its copies, and whom its email.expired event goes to. */
export type ExpiringEmail = Pick<
  Email,
  'id' | 'applicationId' | 'endUserId' | 'images' | 'resources'
>;

/** An email's stored copies as their columns hold them (JSON text). */
export interface StoredCopies {
  id: string;
  images: string;
  resources: string;
}

/** An email's row less its content columns. */
export type EmailHead = Omit<Email, 'htmlText' | 'plainText' | 'rawSource'>;

const HEAD_COLUMNS = {
  id: true,
  accountId: true,
  applicationId: true,
  userId: true,
  endUserId: true,
  subject: true,
  fromAddress: true,
  fromDisplayName: true,
  envelope: true,
  authentication: true,
  preview: true,
  images: true,
  resources: true,
  createdAt: true,
  expiresAt: true,
  expiredAt: true,
} as const satisfies Record<keyof EmailHead, true>;

@Injectable()
export class EmailRepository {
  constructor(@InjectRepository(Email) private readonly rows: Repository<Email>) {}

  async insert(email: Email): Promise<Email> {
    await this.rows.insert(email);
    return email;
  }

  findById(id: string): Promise<Email | null> {
    return this.rows.findOneBy({ id });
  }

  /** An email without its content (the HTML, text and raw source: megabytes, parsed each read). */
  findHeadById(id: string): Promise<EmailHead | null> {
    return this.rows.findOne({ where: { id }, select: HEAD_COLUMNS });
  }

  /** Emails past expiresAt and not yet expired, oldest first: id and image copies only. */
  findDue(now: Date, take: number): Promise<ExpiringEmail[]> {
    return this.rows.find({
      select: { id: true, applicationId: true, endUserId: true, images: true, resources: true },
      where: { expiredAt: IsNull(), expiresAt: LessThanOrEqual(now) },
      order: { expiresAt: 'ASC' },
      take,
    });
  }

  /** Live emails after `after` in id order: id, images and resources as stored (JSON text). */
  copiesAfter(after: string | null, take: number): Promise<StoredCopies[]> {
    const query = this.rows
      .createQueryBuilder('e')
      .select(['e.id AS id', 'e.images AS images', 'e.resources AS resources'])
      .where('e.expired_at IS NULL')
      .orderBy('e.id', 'ASC')
      .limit(take);
    if (after !== null) query.andWhere('e.id > :after', { after });
    return query.getRawMany();
  }

  /** A live email's images and resources as stored (JSON text), or null. */
  async copiesOf(id: string): Promise<StoredCopies | null> {
    const row = await this.rows
      .createQueryBuilder('e')
      .select(['e.id AS id', 'e.images AS images', 'e.resources AS resources'])
      .where('e.id = :id AND e.expired_at IS NULL', { id })
      .getRawOne<StoredCopies>();
    return row ?? null;
  }

  /** Replaces a live email's images or resources if still `before` (compare and set). */
  async replaceCopies(
    id: string,
    column: 'images' | 'resources',
    before: string,
    after: string,
  ): Promise<boolean> {
    const result = await this.rows
      .createQueryBuilder()
      .update(Email)
      .set({ [column]: () => ':after' })
      .where(`id = :id AND expired_at IS NULL AND ${column} = :before`, { id, before, after })
      .execute();
    return result.affected === 1;
  }

  /** Keeps what authentication found with a live email. */
  async keepPreview(id: string, preview: PreviewText): Promise<void> {
    await this.rows.update({ id, expiredAt: IsNull() }, { preview });
  }

  async keepAuthentication(id: string, authentication: object): Promise<void> {
    await this.rows.update({ id, expiredAt: IsNull() }, { authentication });
  }

  /**
   * Deletes the row (erasure): 'held' while a capture row still refers to it (one inserted
   * since its captures were erased), 'gone' when another process deleted it first.
   */
  async delete(id: string): Promise<'deleted' | 'gone' | 'held'> {
    try {
      return ((await this.rows.delete({ id })).affected ?? 0) === 1 ? 'deleted' : 'gone';
    } catch (error) {
      if (isForeignKeyViolation(error)) return 'held';
      throw error;
    }
  }

  /** The ids of one application's emails for one end user (erasure). */
  async idsOfEndUser(applicationId: string, endUserId: string): Promise<string[]> {
    const rows = await this.rows.find({
      select: { id: true },
      where: { applicationId, endUserId },
    });
    return rows.map((row) => row.id);
  }

  /** Marks one email expired, clearing the given columns; false when another process did. */
  async expire(id: string, at: Date, cleared: Partial<Email>): Promise<boolean> {
    const result = await this.rows.update(
      { id, expiredAt: IsNull() },
      { expiredAt: at, ...cleared },
    );
    return result.affected === 1;
  }
}
