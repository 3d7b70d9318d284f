import { Injectable } from '@nestjs/common';
import type { KeysetWindow } from '../../base/paging/cursor';
import type { UsageRecord } from './usage-record.entity';
import { UsageKey, UsageRecordRepository } from './usage-record.repository';

export const GROUP_BY = ['end_user', 'client', 'day', 'month', 'account', 'application'] as const;
export type GroupBy = (typeof GROUP_BY)[number];

export interface UsageQuery {
  /** Inclusive UTC dates, YYYY-MM-DD. */
  from: string;
  to: string;
  account?: string;
  application?: string;
  /** Only this end user's captures. */
  endUser?: string;
  groupBy: GroupBy;
  /** Only the rows with the most captures, this many (the totals stay the range's). */
  top?: number;
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

const END_USER_CAPTURES_SHOWN = 10_000;

const GROUP_KEYS: Record<GroupBy, UsageKey> = {
  end_user: 'end_user_id',
  client: 'client',
  day: 'day',
  month: 'month',
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
    // The range ends at the last millisecond of `to` (captured_at holds JS Dates, so
    // milliseconds), not before the next day: after 9999-12-31 that day is year 10000,
    // which SQLite's text timestamps would sort before 2026.
    const filter = {
      start: new Date(`${query.from}T00:00:00.000Z`),
      end: new Date(`${query.to}T23:59:59.999Z`),
      account: query.account,
      application: query.application,
      endUser: query.endUser,
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
    const byKey = (a: UsageRow, b: UsageRow) =>
      (a.key ?? '\uffff').localeCompare(b.key ?? '\uffff');
    let sorted = [...rows.values()].sort(byKey);
    if (query.top)
      sorted = sorted.sort((a, b) => b.captures - a.captures || byKey(a, b)).slice(0, query.top);
    return { from: query.from, to: query.to, group_by: query.groupBy, rows: sorted, totals };
  }

  /** One end user's billable captures in a range of UTC days (at most 10,000), oldest first. */
  async endUserCaptures(endUser: string, from: string, to: string) {
    const records = await this.records.ofEndUser(
      endUser,
      new Date(`${from}T00:00:00.000Z`),
      new Date(`${to}T23:59:59.999Z`),
      END_USER_CAPTURES_SHOWN,
    );
    return {
      end_user_id: endUser,
      from,
      to,
      captures: records.map(captureView),
      truncated: records.length === END_USER_CAPTURES_SHOWN,
    };
  }

  /**
   * The same list a keyset window at a time, past the 10,000 too: `truncated` says whether
   * more pages follow, `next` where the next one starts.
   */
  async endUserCapturesPage(endUser: string, from: string, to: string, window: KeysetWindow) {
    const page = await this.records.pageOfEndUser(
      endUser,
      new Date(`${from}T00:00:00.000Z`),
      new Date(`${to}T23:59:59.999Z`),
      window,
    );
    const body = { end_user_id: endUser, from, to, captures: page.rows.map(captureView) };
    return { body: { ...body, truncated: page.next !== null }, next: page.next };
  }
}

function captureView(record: UsageRecord) {
  return {
    captured_at: record.capturedAt.toISOString(),
    client: record.client,
    images: record.images,
    orientation: record.orientation,
    email_id: record.emailId,
    account_id: record.accountId,
    application_id: record.applicationId,
  };
}

/**
 * The report as CSV: a header row and one line per row, nothing else
 * (docs/api.md#billing-reports: no totals line, so an import sees only real keys; JSON
 * carries the totals).
 */
export function usageCsv(report: UsageReport): string {
  const lines = [`${report.group_by},captures,unique_end_users`];
  for (const row of report.rows)
    lines.push([row.key, row.captures, row.unique_end_users].map(csvCell).join(','));
  return `${lines.join('\n')}\n`;
}

/**
 * Text a spreadsheet would read as a formula: a cell, or a part of it after a `;` or a tab
 * (the separators of other locales and of pasted text), that begins with =, +, -, or @,
 * perhaps after white space or invisible characters (NBSP, U+3000, BOM, zero-width ones)
 * that some strip first; or a cell that begins with a tab or carriage return.
 */
const FORMULA_START = /^[\t\r]|(^|[;\t])[\p{White_Space}\p{Default_Ignorable_Code_Point}]*[=+\-@]/u;

/**
 * One CSV cell: a formula start gets a leading apostrophe, OWASP's advice against CSV
 * injection; then every text cell is quoted (RFC 4180), so no separator inside it, `,`,
 * `;` or tab, splits it whatever separator an import assumes. Numbers stay bare.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}
