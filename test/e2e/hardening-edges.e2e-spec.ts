import { Test } from '@nestjs/testing';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule } from '../../src/processes/app.module';
import { BillingReportCommand } from '../../src/commands/billing.commands';
import { UsageRecord } from '../../src/domain/billing/usage-record.entity';
import { AppConfig, ConfigError, loadConfig } from '../../src/platform/config/app-config';
import { basicAuth, createBillingKey, runCli } from '../support/run-cli';
import { createTestApp, TestApp } from '../support/test-app';
import { createThrowawayDatabase, TEST_DATABASE } from '../support/test-database';
import { usageRecord } from '../support/usage-records';

describe(`billing reports up to a far-future day (${TEST_DATABASE})`, () => {
  let t: TestApp;
  let staffKey: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { EXPIRY_INTERVAL: '0' } });
    staffKey = await createBillingKey(t);
    const record = (endUserId: string, at: string) => usageRecord(endUserId, at);
    await t
      .get(DataSource)
      .getRepository(UsageRecord)
      .insert([
        record('u1', '2026-10-31T23:59:59.999Z'), // before the range
        record('u1', '2026-11-01T00:00:00.000Z'),
        record('u2', '2027-03-15T12:00:00.000Z'),
        record('u3', '9999-12-31T23:59:59.999Z'), // the last millisecond there is
      ]);
  });
  afterAll(() => t.close());

  it('counts every row up to to=9999-12-31, over HTTP and from the CLI', async () => {
    const report = await request(t.url)
      .get('/v1/billing/usage?from=2026-11-01&to=9999-12-31&group_by=end_user')
      .set('Authorization', basicAuth(staffKey))
      .expect(200);
    expect(report.body.rows).toEqual([
      { key: 'u1', captures: 1, unique_end_users: 1 },
      { key: 'u2', captures: 1, unique_end_users: 1 },
      { key: 'u3', captures: 1, unique_end_users: 1 },
    ]);
    const lastMonth = await runCli(t, BillingReportCommand, [], { month: '9999-12', json: true });
    expect(JSON.parse(lastMonth.stdout).totals).toEqual({ captures: 1, unique_end_users: 1 });
  });
});

describe(`failed authentication counted per host, however the proxy wrote it (${TEST_DATABASE})`, () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({ env: { AUTH_FAILURES_PER_ADDRESS: '3' } })));
  afterAll(() => t.close());

  /** A wrong API key, from the address the trusted proxy (loopback) forwards. */
  const wrongKey = (forwardedFor: string) =>
    request(t.url)
      .post('/v1/emails')
      .set('X-Forwarded-For', forwardedFor)
      .set('Authorization', basicAuth(`ipk_guess${randomUUID()}`))
      .send({ html_text: '<p>x</p>' });

  it('shares one counter between an IPv4 address with and without ports', async () => {
    for (const form of ['5.5.5.5', '5.5.5.5:1234', '5.5.5.5:999'])
      expect((await wrongKey(form)).status).toBe(401);
    expect((await wrongKey('5.5.5.5:1')).status).toBe(429);
    expect((await wrongKey('::ffff:5.5.5.5')).status).toBe(429);
    expect((await wrongKey('5.5.5.6')).status).toBe(401);
  });

  it('shares one counter across an IPv6 /64, bracketed or not', async () => {
    for (const form of ['[2001:db8::1]', '2001:db8::2', '[2001:DB8::3]:443'])
      expect((await wrongKey(form)).status).toBe(401);
    expect((await wrongKey('2001:db8::ffff:4')).status).toBe(429);
    expect((await wrongKey('2001:db8:0:1::1')).status).toBe(401);
  });
});

describe(`booting with an unwritable DATA_DIR (${TEST_DATABASE})`, () => {
  let scratch: string;
  beforeAll(() => (scratch = mkdtempSync(join(tmpdir(), 'ip-e2e-data-dir-'))));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('rejects at once, naming DATA_DIR, the path and the reason', async () => {
    // Under a regular file: fails for root too, who ignores permission bits.
    writeFileSync(join(scratch, 'file'), '');
    const dataDir = join(scratch, 'file', 'data');
    const database = await createThrowawayDatabase();
    try {
      const config = loadConfig({
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        LOG_LEVEL: 'error',
      });
      const boot = Test.createTestingModule({ imports: [AppModule] })
        .overrideProvider(AppConfig)
        .useValue(config)
        .compile();
      const failure = await boot.then(
        () => null,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(ConfigError);
      expect((failure as Error).message).toBe(
        `DATA_DIR=${dataDir} is not a writable directory: ENOTDIR: not a directory, mkdir '${dataDir}'`,
      );
    } finally {
      await database.drop();
    }
  });
});
