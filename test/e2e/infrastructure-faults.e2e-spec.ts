import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { UsageRecord } from '../../src/domain/billing/usage-record.entity';
import { Capture } from '../../src/domain/captures/state/capture.entity';
import type { Slots } from '../../src/base/system/slots';
import { InProcessCaptureQueue } from '../../src/domain/captures/run/in-process-capture-queue';
import { postEmail, SIMPLE_EMAIL } from '../support/previews';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';
import { until } from '../support/until';

/**
 * Faults of what a capture stands on: the database goes away, the disk fills up, while
 * captures are in flight. Afterwards every configuration is served: no row waits on an
 * attempt that ended, and nothing is billed twice.
 */
const CLIENTS = ['OL2019', 'OL2016', 'GMAILNEW', 'APPMAIL15', 'IPHONE13', 'OUTLOOKCOM'];
/** Short, so that a stranded row would show as a 504 within the test's time. */
const WAIT_LIMIT_MS = '20000';

const previews = (t: TestApp, guid: string) =>
  Promise.all(CLIENTS.map((client) => request(t.url).get(`/v1/emails/${guid}/previews/${client}`)));

/** Answers while a dependency was failing: 503 with Retry-After, or 200 when done before. */
function expectUnavailableOrServed(answers: request.Response[]): void {
  expect(answers.map((answer) => answer.status).filter((s) => s !== 200 && s !== 503)).toEqual([]);
  for (const answer of answers.filter(({ status }) => status === 503)) {
    expect(answer.headers['retry-after']).toMatch(/^\d+$/);
    expect(answer.body).toMatchObject({ status: 503, title: 'Service Unavailable' });
  }
  expect(answers.some((answer) => answer.status === 503)).toBe(true);
}

/** Every configuration answers 200 now, each billed once. */
async function expectAllServed(t: TestApp, guid: string): Promise<void> {
  const statuses = (await previews(t, guid)).map((response) => response.status);
  expect(statuses).toEqual(CLIENTS.map(() => 200));
  const captures = t.get(DataSource).getRepository(Capture);
  expect(await captures.countBy({ emailId: guid, status: 'captured' })).toBe(CLIENTS.length);
  const usage = t.get(DataSource).getRepository(UsageRecord);
  expect(await usage.countBy({ emailId: guid })).toBe(CLIENTS.length);
}

/** Every configuration's row is pending (one or two rendering, the rest queued). */
async function untilAllPending(t: TestApp, guid: string): Promise<void> {
  const captures = t.get(DataSource).getRepository(Capture);
  await until(
    async () => (await captures.countBy({ emailId: guid, status: 'pending' })) === CLIENTS.length,
    5,
  );
}

/** Every accepted capture job of this process has ended, whatever its outcome. */
async function untilQueueIdle(t: TestApp): Promise<void> {
  const { slots } = t.get(InProcessCaptureQueue) as unknown as { slots: Slots };
  await until(() => slots.inUse + slots.queued === 0);
}

(TEST_DATABASE === 'postgres' ? describe : describe.skip)(
  'a PostgreSQL outage while six captures are in flight',
  () => {
    let t: TestApp;
    let admin: Client;
    let database: string;
    beforeAll(async () => {
      t = await createTestApp({
        env: { CAPTURE_CONCURRENCY: '1', CAPTURE_WAIT_LIMIT_MS: WAIT_LIMIT_MS },
      });
      database = new URL(t.config.database.url).pathname.slice(1);
      admin = new Client({ connectionString: t.config.database.url.replace(database, 'postgres') });
      await admin.connect();
    });
    afterAll(async () => {
      await admin.query(`ALTER DATABASE ${database} ALLOW_CONNECTIONS true`);
      await admin.end();
      await t.close();
    });

    /** The server refuses this database and drops every connection to it, as a restart does. */
    async function cutOff(): Promise<void> {
      await admin.query(`ALTER DATABASE ${database} ALLOW_CONNECTIONS false`);
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [database],
      );
    }

    it('answers every request, then serves every configuration once the database is back', async () => {
      const guid = await postEmail(t, { html_text: SIMPLE_EMAIL });
      const inFlight = previews(t, guid);
      await untilAllPending(t, guid);
      await cutOff();
      const answers = await inFlight;
      // Nothing hangs: each request was answered, 503 with Retry-After while the database
      // was gone (never a 500: the service is unavailable, not broken).
      expectUnavailableOrServed(answers);
      await untilQueueIdle(t); // every attempt has ended while the database was away
      await admin.query(`ALTER DATABASE ${database} ALLOW_CONNECTIONS true`);
      await expectAllServed(t, guid);
    });
  },
);

/** Root may mount a small tmpfs: a real full disk, for SQLite's file and the stored images. */
function mountTmpfs(megabytes: number): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'ip-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir]);
    return dir;
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
}

const canMount = process.getuid?.() === 0;
(canMount ? describe : describe.skip)(`a full disk (ENOSPC) mid-capture (${TEST_DATABASE})`, () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    const mounted = mountTmpfs(48);
    if (!mounted) throw new Error('mount -t tmpfs failed: this test needs root with mount rights');
    dataDir = mounted;
    t = await createTestApp({
      env: { DATA_DIR: dataDir, CAPTURE_CONCURRENCY: '1', CAPTURE_WAIT_LIMIT_MS: WAIT_LIMIT_MS },
    });
  });
  afterAll(async () => {
    await t.close();
    execFileSync('umount', [dataDir]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Writes a filler file until the disk refuses more; returns its path. */
  function fillDisk(): string {
    const filler = join(dataDir, 'filler');
    const chunk = Buffer.alloc(1 << 20);
    for (;;) {
      try {
        writeFileSync(filler, chunk, { flag: 'a' });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOSPC') break;
        throw error;
      }
    }
    // The last partial megabyte: fill to the last byte.
    for (let bytes = 1 << 19; bytes >= 1; bytes >>= 1) {
      try {
        writeFileSync(filler, Buffer.alloc(bytes), { flag: 'a' });
      } catch {
        // too large for what is left: try half
      }
    }
    return filler;
  }

  it('answers every request while full, then serves every configuration once space is freed', async () => {
    const guid = await postEmail(t, { html_text: SIMPLE_EMAIL });
    const inFlight = previews(t, guid);
    await untilAllPending(t, guid);
    const filler = fillDisk();
    expectUnavailableOrServed(await inFlight);
    rmSync(filler);
    await expectAllServed(t, guid);
  });
});
