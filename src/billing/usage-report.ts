import { Injectable } from '@nestjs/common';
import { UsageKey, UsageRecordRepository } from './usage-record.repository';

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

const GROUP_KEYS: Record<GroupBy, UsageKey> = {
  end_user: 'end_user_id',
  client: 'client',
  day: 'day',
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
  constructor(private readonly records: UsageRecordRepository) {}

  async report(query: UsageQuery): Promise<UsageReport> {
    const start = new Date(`${query.from}T00:00:00.000Z`);
    const filter = {
      start,
      end: new Date(new Date(`${query.to}T00:00:00.000Z`).getTime() + 86_400_000),
      account: query.account,
      application: query.application,
    };
    const rows = new Map<string | null, UsageRow>();
    for (const part of await this.records.monthlyCounts(filter, GROUP_KEYS[query.groupBy])) {
      const row = rows.get(part.key) ?? { key: part.key, captures: 0, unique_end_users: 0 };
      row.captures += part.captures;
      row.unique_end_users += part.users;
      rows.set(part.key, row);
    }
    const totals = { captures: 0, unique_end_users: 0 };
    for (const part of await this.records.monthlyCounts(filter, null)) {
      totals.captures += part.captures;
      totals.unique_end_users += part.users;
    }
    const sorted = [...rows.values()].sort((a, b) =>
      (a.key ?? '\uffff').localeCompare(b.key ?? '\uffff'),
    );
    return { from: query.from, to: query.to, group_by: query.groupBy, rows: sorted, totals };
  }
}

/**
 * The report as CSV: a header row and one line per row, nothing else (CONTRACT "Billing
 * reports": no totals line, so an import sees only real keys; JSON carries the totals).
 */
export function usageCsv(report: UsageReport): string {
  const lines = [`${report.group_by},captures,unique_end_users`];
  for (const row of report.rows)
    lines.push([row.key, row.captures, row.unique_end_users].map(csvCell).join(','));
  return `${lines.join('\n')}\n`;
}

/**
 * One CSV cell. Text a spreadsheet would read as a formula (it begins with =, +, -, @,
 * or a tab or carriage return that some strip first) gets a leading apostrophe, OWASP's
 * advice against CSV injection; then RFC 4180 quoting.
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
