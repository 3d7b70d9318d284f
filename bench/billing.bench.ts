// Seeds 1,000,000 usage records into PostgreSQL and times the monthly per-end-user report
// (target: under 2 s). Run: npm run bench:billing
import 'reflect-metadata';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { UsageRecordRepository } from '../src/domain/billing/usage-record.repository';
import { UsageReports } from '../src/domain/billing/usage-report';
import { loadConfig } from '../src/platform/config/app-config';
import { dataSourceOptions } from '../src/platform/database/data-source-options';
import { ENTITIES } from '../src/processes/entities';
import { ms, printTable, summarize } from './lib/stats';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const RUNS = 7;
const ADMIN = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function main() {
  const admin = new Client({ connectionString: ADMIN });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS ip_bench_billing WITH (FORCE)');
  await admin.query('CREATE DATABASE ip_bench_billing');
  await admin.end();
  const url = new URL(ADMIN);
  url.pathname = '/ip_bench_billing';
  const dataSource = new DataSource(
    dataSourceOptions(
      loadConfig({ DATABASE_URL: url.href, DATA_DIR: '/tmp/ip-bench-billing' }),
      ENTITIES,
    ),
  );
  await dataSource.initialize();
  try {
    const seeded = performance.now();
    // A year of usage: 20 accounts, 50,000 end users (10 % of captures without one), 8 clients.
    await dataSource.query(`
      INSERT INTO usage_records (id, capture_id, account_id, application_id, user_id, end_user_id, email_id,
                                 client, images, orientation, captured_at, billable)
      SELECT md5('u' || g), md5('c' || g), 'account-' || (g % 20), 'app-' || (g % 20), NULL,
             CASE WHEN g % 10 = 0 THEN NULL ELSE 'user-' || (g::bigint * 7919 % 50000) END,
             md5('e' || (g / 3)), (ARRAY['OL2019','GMAILNEW','APPMAIL15','IPHONE13','OL365','OUTLOOKCOM','YAHOO','ANDROID14GMAILAPP'])[1 + g % 8],
             'allowed', 'vertical', TIMESTAMP '2026-01-01' + (g % 365) * INTERVAL '1 day' + (g % 86400) * INTERVAL '1 second', true
      FROM generate_series(1, ${ROWS}) AS g`);
    await dataSource.query('ANALYZE usage_records');
    const seedSeconds = (performance.now() - seeded) / 1000;
    const reports = new UsageReports(new UsageRecordRepository(dataSource));
    const time = async (query: Parameters<UsageReports['report']>[0]) => {
      const samples: number[] = [];
      let rows = 0;
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        const report = await reports.report(query);
        samples.push(performance.now() - started);
        rows = report.rows.length;
      }
      return { ...summarize(samples), rows };
    };
    const cases = [
      {
        label: 'month 2026-11, by end user',
        query: { from: '2026-11-01', to: '2026-11-30', groupBy: 'end_user' as const },
      },
      {
        label: 'month 2026-11, by end user, one account',
        query: {
          from: '2026-11-01',
          to: '2026-11-30',
          groupBy: 'end_user' as const,
          account: 'account-7',
        },
      },
      {
        label: 'month 2026-11, by account',
        query: { from: '2026-11-01', to: '2026-11-30', groupBy: 'account' as const },
      },
      {
        label: 'whole year, by client',
        query: { from: '2026-01-01', to: '2026-12-31', groupBy: 'client' as const },
      },
    ];
    const table = [];
    for (const { label, query } of cases) {
      const result = await time(query);
      table.push({
        report: label,
        'result rows': result.rows,
        'p50 ms': ms(result.p50),
        'p95 ms': ms(result.p95),
        'monthly target < 2000 ms': !label.startsWith('month')
          ? '-'
          : result.p50 < 2000
            ? 'met'
            : 'MISSED',
      });
    }
    printTable(
      `Usage reports over ${ROWS.toLocaleString('en')} records in PostgreSQL (seeded in ${seedSeconds.toFixed(1)} s), ${RUNS} runs each`,
      table,
    );
  } finally {
    await dataSource.destroy();
  }
}

void main();
