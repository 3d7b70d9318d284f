import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, IsNull, LessThanOrEqual, Not, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import type { Transaction } from '../../../platform/database/transaction';
import { isUniqueViolation } from '../../../platform/database/constraint-violations';
import type { CaptureConfiguration } from './capture-configuration';
import { Capture, CaptureFile, CaptureStatus } from './capture.entity';
import type { CaptureAttempt } from './capture-attempt';

/** The row as one attempt expects to find it: updates apply only if it still is so. */
export interface ExpectedRow {
  id: string;
  attempt: number;
  status: CaptureStatus;
}

/**
 * Capture rows. Every change is conditional on the row's current attempt and status, so
 * concurrent processes on one database never overwrite each other: the caller learns
 * from the boolean whether its change happened.
 */
@Injectable()
export class CaptureRepository {
  private readonly rows: Repository<Capture>;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    this.rows = dataSource.getRepository(Capture);
  }

  findByConfiguration(emailId: string, configuration: CaptureConfiguration) {
    return this.rows.findOneBy({ emailId, ...configuration });
  }

  findById(id: string): Promise<Capture | null> {
    return this.rows.findOneBy({ id });
  }

  /** Each captured configuration of an email, with the colours its text was drawn in. */
  capturedTexts(emailId: string): Promise<Pick<Capture, 'client' | 'textSamples'>[]> {
    return this.rows.find({
      select: { client: true, textSamples: true },
      where: { emailId, status: 'captured' },
      order: { client: 'ASC' },
    });
  }

  /** The clients captured for an email with these options. */
  async capturedClients(
    emailId: string,
    options: Pick<CaptureConfiguration, 'images' | 'orientation'>,
  ): Promise<string[]> {
    const rows = await this.rows.find({
      select: { client: true },
      where: { emailId, ...options, status: 'captured' },
      order: { client: 'ASC' },
    });
    return rows.map((row) => row.client);
  }

  /** False when a row for this configuration exists already (the unique constraint). */
  async insertIfAbsent(capture: Partial<Capture>): Promise<boolean> {
    try {
      await this.rows.insert(capture);
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /** `values` may compute a column from itself (a counter): `() => 'column + 1'`. */
  async updateIf(expected: ExpectedRow, values: QueryDeepPartialEntity<Capture>): Promise<boolean> {
    const result = await this.rows.update(expected, values);
    return result.affected === 1;
  }

  /** updateIf and, only if it happened, `alongside` in the same transaction. */
  updateIfWith(
    expected: ExpectedRow,
    values: Partial<Capture>,
    alongside: (transaction: Transaction) => Promise<void>,
  ): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const update = await manager.update(Capture, expected, values);
      if (update.affected !== 1) return false;
      await alongside(manager);
      return true;
    });
  }

  /** Extends this owner's leases on the given pending rows. */
  async renewLeases(owner: string, until: Date, ids: string[]): Promise<void> {
    await this.rows.update(
      { id: In(ids), leaseOwner: owner, status: 'pending' },
      { leaseExpiresAt: until },
    );
  }

  /** Pending rows some process holds a lease on: id, attempt and owner (few at any time). */
  findLeased(): Promise<Pick<Capture, 'id' | 'emailId' | 'attempt' | 'leaseOwner'>[]> {
    return this.rows.find({
      select: { id: true, emailId: true, attempt: true, leaseOwner: true },
      where: { status: 'pending', leaseOwner: Not(IsNull()) },
    });
  }

  /**
   * Handed-back rows, and pending rows past their lease (rows from before leases: claimed
   * before `legacyBefore`), oldest claim first.
   */
  findAbandoned(now: Date, legacyBefore: Date, take: number): Promise<Capture[]> {
    return this.rows.find({
      where: [
        { status: 'failed', failure: 'interrupted' },
        { status: 'pending', leaseExpiresAt: LessThanOrEqual(now) },
        { status: 'pending', leaseExpiresAt: IsNull(), claimedAt: LessThanOrEqual(legacyBefore) },
      ],
      order: { claimedAt: 'ASC' },
      take,
    });
  }

  /**
   * The files the email's captured rows hold (all but `exceptId`'s), and whether one of
   * its captures is being made: captures that share a render hold the same keys.
   */
  async heldByEmail(
    emailId: string,
    exceptId?: string,
  ): Promise<{ files: CaptureFile[]; inFlight: boolean }> {
    const rows = await this.rows.find({
      select: { id: true, status: true, files: true },
      where: { emailId, status: In(['captured', 'pending']) },
    });
    const others = rows.filter((row) => row.id !== exceptId);
    return {
      files: others.flatMap((row) => Object.values(row.files ?? {})),
      inFlight: others.some((row) => row.status === 'pending'),
    };
  }

  /** Captured rows past their lifetime, oldest first: id, email and files only. */
  findDue(now: Date, take: number): Promise<Pick<Capture, 'id' | 'emailId' | 'files'>[]> {
    return this.rows.find({
      select: { id: true, emailId: true, files: true },
      where: { status: 'captured', expiresAt: LessThanOrEqual(now) },
      order: { expiresAt: 'ASC' },
      take,
    });
  }

  /** Captured rows after `after` in id order: id and files as stored (JSON text). */
  async filesAfter(after: string | null, take: number): Promise<{ id: string; files: string }[]> {
    const query = this.rows
      .createQueryBuilder('c')
      .select(['c.id AS id', 'c.files AS files'])
      .where("c.status = 'captured' AND c.files IS NOT NULL")
      .orderBy('c.id', 'ASC')
      .limit(take);
    if (after !== null) query.andWhere('c.id > :after', { after });
    return query.getRawMany();
  }

  /** One captured row's files as stored (JSON text), or null. */
  async filesOf(id: string): Promise<string | null> {
    const row = await this.rows
      .createQueryBuilder('c')
      .select('c.files AS files')
      .where("c.id = :id AND c.status = 'captured'", { id })
      .getRawOne<{ files: string | null }>();
    return row?.files ?? null;
  }

  /** Replaces a captured row's files if they are still `before` (compare and set). */
  async replaceFiles(id: string, before: string, after: string): Promise<boolean> {
    const result = await this.rows
      .createQueryBuilder()
      .update(Capture)
      .set({ files: () => ':after' })
      .where("id = :id AND status = 'captured' AND files = :before", { id, before, after })
      .execute();
    return result.affected === 1;
  }

  /**
   * Changes a captured row's files by compare and set: read again and retried while another
   * process changes them at the same moment (a storage move, another comparison). False when
   * the row is no longer captured or `change` declines (answers false).
   */
  async changeFiles(
    id: string,
    change: (files: Record<string, CaptureFile>) => boolean,
  ): Promise<boolean> {
    for (;;) {
      const before = await this.filesOf(id);
      if (before === null) return false;
      const files = JSON.parse(before) as Record<string, CaptureFile>;
      if (!change(files)) return false;
      if (await this.replaceFiles(id, before, JSON.stringify(files))) return true;
    }
  }

  /** Every row of the email, whatever its state: id and files. */
  ofEmail(emailId: string): Promise<Pick<Capture, 'id' | 'files'>[]> {
    return this.rows.find({ select: { id: true, files: true }, where: { emailId } });
  }

  /** Deletes every row of the email (erasure); a render in flight then finds its row gone. */
  async deleteOfEmail(emailId: string): Promise<void> {
    await this.rows.delete({ emailId });
  }

  /** Captured rows holding a comparison's diff against `baseEmailId` (diffFileName). */
  async withDiffAgainst(baseEmailId: string): Promise<string[]> {
    const rows = await this.rows
      .createQueryBuilder('c')
      .select('c.id AS id')
      .where("c.status = 'captured' AND c.files LIKE :diff", {
        diff: `%-diff-${baseEmailId.toLowerCase()}.png%`,
      })
      .getRawMany<{ id: string }>();
    return rows.map((row) => row.id);
  }

  /** Purges one captured row; false when another process did. */
  async markPurged(id: string): Promise<boolean> {
    const result = await this.rows.update(
      { id, status: 'captured' },
      { status: 'purged', files: null, textSamples: null },
    );
    return result.affected === 1;
  }

  /**
   * Purges one captured row if its files are still `files` (JSON text as stored): a file
   * recorded meanwhile (a comparison's diff) makes it fail, to be read again and purged with
   * the rest. Its text samples go too: they quote the email.
   */
  async markPurgedIf(id: string, files: string): Promise<boolean> {
    const result = await this.rows
      .createQueryBuilder()
      .update(Capture)
      .set({ status: 'purged', files: null, textSamples: null })
      .where("id = :id AND status = 'captured' AND files = :files", { id, files })
      .execute();
    return result.affected === 1;
  }
}

/** The pending row of one attempt. */
export function attemptRow(job: CaptureAttempt): ExpectedRow {
  return { id: job.captureId, attempt: job.attempt, status: 'pending' };
}
