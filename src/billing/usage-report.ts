import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export const GROUP_BY = ['end_user', 'client', 'day', 'account', 'application'] as const;
export type GroupBy = (typeof GROUP_BY)[number];

export interface UsageQuery {
  /** Inclusive UTC dates, YYYY-MM-DD. */
  from: string;
  to: string;
  account?: string;
  application?: string;
  groupBy: GroupBy;
}

export interface UsageRow {
  /** null: captures without an end_user_id (group_by=end_user). */
  key: string | null;
  captures: number;
  unique_end_users: number;
}

export interface UsageReport {
  from: string;
  to: string;
  group_by: GroupBy;
  rows: UsageRow[];
  totals: { captures: number; unique_end_users: number };
}

const GROUP_COLUMNS: Record<Exclude<GroupBy, 'day'>, string> = {
  end_user: 'end_user_id',
  client: 'client',
  account: 'account_id',
  application: 'application_id',
};

/**
 * Reports from the usage records (the billing truth). Unique end users are counted
 * exactly per calendar month (UTC) and summed over the months of the range: the number a
 * monthly invoice bills. Records without an end_user_id are counted as captures, never
 * as users.
 */
@Injectable()
export class UsageReports {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async report(query: UsageQuery): Promise<UsageReport> {
    const postgres = this.dataSource.options.type === 'postgres';
    const month = postgres ? `to_char(captured_at, 'YYYY-MM')` : `substr(captured_at, 1, 7)`;
    const day = postgres ? `to_char(captured_at, 'YYYY-MM-DD')` : `substr(captured_at, 1, 10)`;
    const key = query.groupBy === 'day' ? day : GROUP_COLUMNS[query.groupBy];
    const conditions = ['billable = :billable', 'captured_at >= :start', 'captured_at < :end'];
    const start = new Date(`${query.from}T00:00:00.000Z`);
    const end = new Date(new Date(`${query.to}T00:00:00.000Z`).getTime() + 86_400_000);
    // better-sqlite3 binds neither dates nor booleans: give it what TypeORM stores.
    const bind = (date: Date) =>
      postgres ? date : date.toISOString().replace('T', ' ').replace('Z', '');
    const parameters: Record<string, unknown> = {
      billable: postgres ? true : 1,
      start: bind(start),
      end: bind(end),
    };
    if (query.account) {
      conditions.push('account_id = :account');
      parameters.account = query.account;
    }
    if (query.application) {
      conditions.push('application_id = :application');
      parameters.application = query.application;
    }
    const where = conditions.join(' AND ');
    const perMonth = async (groupKey: string | null) => {
      const select = groupKey ? `${groupKey} AS key, ` : '';
      const group = groupKey ? `${groupKey}, ` : '';
      const [sql, values] = this.dataSource.driver.escapeQueryWithParameters(
        `SELECT ${select}${month} AS month, COUNT(*) AS captures, COUNT(DISTINCT end_user_id) AS users
         FROM usage_records WHERE ${where} GROUP BY ${group}${month}`,
        parameters,
        {},
      );
      return (await this.dataSource.query(sql, values)) as {
        key?: string | null;
        captures: string | number;
        users: string | number;
      }[];
    };
    const rows = new Map<string | null, UsageRow>();
    for (const part of await perMonth(key)) {
      const rowKey = part.key ?? null;
      const row = rows.get(rowKey) ?? { key: rowKey, captures: 0, unique_end_users: 0 };
      row.captures += Number(part.captures);
      row.unique_end_users += Number(part.users);
      rows.set(rowKey, row);
    }
    const totals = { captures: 0, unique_end_users: 0 };
    for (const part of await perMonth(null)) {
      totals.captures += Number(part.captures);
      totals.unique_end_users += Number(part.users);
    }
    const sorted = [...rows.values()].sort((a, b) =>
      (a.key ?? '\uffff').localeCompare(b.key ?? '\uffff'),
    );
    return { from: query.from, to: query.to, group_by: query.groupBy, rows: sorted, totals };
  }
}

/** The report as CSV: a header row, one line per row, then the totals line. */
export function usageCsv(report: UsageReport): string {
  const cell = (value: string | number | null) => {
    const text = value === null ? '' : String(value);
    return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const lines = [`${report.group_by},captures,unique_end_users`];
  for (const row of report.rows)
    lines.push([row.key, row.captures, row.unique_end_users].map(cell).join(','));
  lines.push(['TOTAL', report.totals.captures, report.totals.unique_end_users].map(cell).join(','));
  return `${lines.join('\n')}\n`;
}
