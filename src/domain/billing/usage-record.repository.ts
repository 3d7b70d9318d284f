import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Between, DataSource } from 'typeorm';
import type { KeysetPage, KeysetWindow } from '../../base/paging/cursor';
import { findKeysetPage } from '../../platform/database/keyset';
import type { Transaction } from '../../platform/database/transaction';
import { UsageRecord } from './usage-record.entity';

/** A column usage can be grouped by, or the UTC day of the capture. */
export type UsageKey = 'end_user_id' | 'client' | 'account_id' | 'application_id' | 'day' | 'month';

export interface UsageFilter {
  /** Captured at or after start, at or before end (both inclusive). */
  start: Date;
  end: Date;
  account?: string;
  application?: string;
  endUser?: string;
}

/** Billable captures and distinct end users of one UTC month (and key, when grouped). */
export interface MonthlyCount {
  key: string | null;
  captures: number;
  users: number;
}

@Injectable()
export class UsageRecordRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Inserted inside the transaction that marks the capture captured. */
  async insert(transaction: Transaction, record: UsageRecord): Promise<void> {
    await transaction.insert(UsageRecord, record);
  }

  /**
   * Counts per UTC month, grouped by `key` (or not at all): the month is the unit in which
   * distinct end users are billed, so callers sum months, never distinct counts.
   */
  async monthlyCounts(filter: UsageFilter, key: UsageKey | null): Promise<MonthlyCount[]> {
    const postgres = this.dataSource.options.type === 'postgres';
    const month = postgres ? `to_char(captured_at, 'YYYY-MM')` : `substr(captured_at, 1, 7)`;
    const day = postgres ? `to_char(captured_at, 'YYYY-MM-DD')` : `substr(captured_at, 1, 10)`;
    const column = key === 'day' ? day : key === 'month' ? month : key;
    const conditions = ['billable = :billable', 'captured_at >= :start', 'captured_at <= :end'];
    // The driver's own conversion, so the bounds compare as the stored values do (SQLite
    // keeps text that sorts as time only with TypeORM's four-digit years, and binds neither
    // dates nor booleans).
    const columns = this.dataSource.getMetadata(UsageRecord);
    const bind = (property: keyof UsageRecord, value: unknown) =>
      this.dataSource.driver.preparePersistentValue(
        value,
        columns.findColumnWithPropertyName(property)!,
      ) as unknown;
    const parameters: Record<string, unknown> = {
      billable: bind('billable', true),
      start: bind('capturedAt', filter.start),
      end: bind('capturedAt', filter.end),
    };
    if (filter.account) {
      conditions.push('account_id = :account');
      parameters.account = filter.account;
    }
    if (filter.application) {
      conditions.push('application_id = :application');
      parameters.application = filter.application;
    }
    if (filter.endUser) {
      conditions.push('end_user_id = :endUser');
      parameters.endUser = filter.endUser;
    }
    const select = column ? `${column} AS key, ` : '';
    const group = column ? `${column}, ` : '';
    const [sql, values] = this.dataSource.driver.escapeQueryWithParameters(
      `SELECT ${select}${month} AS month, COUNT(*) AS captures, COUNT(DISTINCT end_user_id) AS users
       FROM usage_records WHERE ${conditions.join(' AND ')} GROUP BY ${group}${month}`,
      parameters,
      {},
    );
    const rows = (await this.dataSource.query(sql, values)) as {
      key?: string | null;
      captures: string | number;
      users: string | number;
    }[];
    return rows.map((row) => ({
      key: row.key ?? null,
      captures: Number(row.captures),
      users: Number(row.users),
    }));
  }

  /** Billable captures of every application, all time (the admin's list). */
  async capturesPerApplication(): Promise<Map<string, number>> {
    const billable = this.dataSource.driver.preparePersistentValue(
      true,
      this.dataSource.getMetadata(UsageRecord).findColumnWithPropertyName('billable')!,
    ) as unknown;
    const rows = (await this.dataSource
      .createQueryBuilder()
      .select('application_id', 'application')
      .addSelect('COUNT(*)', 'captures')
      .from(UsageRecord, 'usage')
      .where('billable = :billable', { billable })
      .groupBy('application_id')
      .getRawMany()) as { application: string | null; captures: string | number }[];
    return new Map(rows.map((row) => [row.application ?? '', Number(row.captures)]));
  }

  /** One end user's billable captures in a range, oldest first, at most `limit`. */
  async ofEndUser(endUser: string, start: Date, end: Date, limit: number): Promise<UsageRecord[]> {
    return this.dataSource.getRepository(UsageRecord).find({
      where: endUserCaptures(endUser, start, end),
      order: { capturedAt: 'ASC', id: 'ASC' },
      take: limit,
    });
  }

  /** A page of ofEndUser()'s rows, in its order, with no cap on how far paging goes. */
  pageOfEndUser(
    endUser: string,
    start: Date,
    end: Date,
    window: KeysetWindow,
  ): Promise<KeysetPage<UsageRecord>> {
    return findKeysetPage(
      this.dataSource.getRepository(UsageRecord),
      endUserCaptures(endUser, start, end),
      { time: 'capturedAt', direction: 'ASC' },
      window,
    );
  }
}

function endUserCaptures(endUser: string, start: Date, end: Date) {
  return { endUserId: endUser, billable: true, capturedAt: Between(start, end) };
}
