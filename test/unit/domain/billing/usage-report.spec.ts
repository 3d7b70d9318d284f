import type { DataSource } from 'typeorm';
import { UsageRecord } from '../../../../src/domain/billing/usage-record.entity';
import { UsageRecordRepository } from '../../../../src/domain/billing/usage-record.repository';
import { UsageReports } from '../../../../src/domain/billing/usage-report';
import { memoryDatabase } from '../../../support/memory-database';
import { usageRecord } from '../../../support/usage-records';

describe('usage report arithmetic (real SQLite in memory)', () => {
  let db: DataSource;
  let reports: UsageReports;
  beforeAll(async () => {
    db = await memoryDatabase();
    reports = new UsageReports(new UsageRecordRepository(db));
    const record = (endUserId: string | null, at: string, client = 'OL2019', billable = true) =>
      usageRecord(endUserId, at, { emailId: 'email-1', client, billable });
    await db.getRepository(UsageRecord).insert([
      record('alice', '2026-10-03T10:00:00Z'),
      record('alice', '2026-10-20T10:00:00Z', 'GMAILNEW'),
      record('bob', '2026-10-31T23:59:59Z'),
      record('alice', '2026-11-01T00:00:00Z'), // a new month: alice counts again
      record(null, '2026-11-02T00:00:00Z'),
      record('carol', '2026-11-30T12:00:00Z', 'IPHONE13', false), // not billable
      record('dave', '2026-12-01T00:00:00Z'), // outside the range
    ]);
  });
  afterAll(() => db.destroy());

  it('counts unique end users per calendar month and sums the months of a range', async () => {
    const report = await reports.report({
      from: '2026-10-01',
      to: '2026-11-30',
      groupBy: 'end_user',
    });
    expect(report.totals).toEqual({ captures: 5, unique_end_users: 3 }); // Oct: alice, bob; Nov: alice
    expect(report.rows).toEqual([
      { key: 'alice', captures: 3, unique_end_users: 2 },
      { key: 'bob', captures: 1, unique_end_users: 1 },
      { key: null, captures: 1, unique_end_users: 0 },
    ]);
  });

  it('a single month counts each end user once, whatever the number of captures', async () => {
    const report = await reports.report({
      from: '2026-10-01',
      to: '2026-10-31',
      groupBy: 'client',
    });
    expect(report.totals).toEqual({ captures: 3, unique_end_users: 2 });
    expect(report.rows).toEqual([
      { key: 'GMAILNEW', captures: 1, unique_end_users: 1 },
      { key: 'OL2019', captures: 2, unique_end_users: 2 },
    ]);
  });
});
