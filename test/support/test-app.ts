import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppModule } from '../../src/processes/app.module';
import { AppConfig, loadConfig } from '../../src/platform/config/app-config';
import { Clock, ManualClock } from '../../src/platform/config/clock';
import { configureApp } from '../../src/http/configure-app';
import { createThrowawayDatabase, ThrowawayDatabase } from './test-database';

export interface TestApp {
  app: INestApplication;
  /** http://127.0.0.1:<port> */
  url: string;
  config: AppConfig;
  clock: ManualClock;
  get<T>(token: abstract new (...args: never[]) => T): T;
  /** `keepData`: the database and data folder stay, for a restart (`TestAppOptions.data`). */
  close(options?: { keepData?: boolean }): Promise<void>;
  /** Its database and data folder. */
  data: TestAppData;
}

export interface TestAppData {
  database: ThrowawayDatabase;
  dir: string;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Listen here rather than on a random port (when PUBLIC_URL or CDN_DOMAIN must name it). */
  port?: number;
  /**
   * The service clock moves with real time (set/advance shift it). For tests that start
   * other API processes on the same database: those run on the system clock, and a lease
   * this app writes on a frozen clock runs out, for them, once the test is CAPTURE_LEASE_MS
   * old however often the heartbeat renews it; they would then claim a live render again.
   */
  realTime?: boolean;
  /** A restart: the database and data folder of an app closed with `keepData`. */
  data?: TestAppData;
  /** Providers given another value (a catalogue's data, say), as [token, value] pairs. */
  providers?: [abstract new (...args: never[]) => unknown, unknown][];
}

/** A ManualClock that keeps going: now() is real time shifted by what set/advance moved it. */
export class RunningClock extends ManualClock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  set(instant: Date): void {
    this.offsetMs = instant.getTime() - Date.now();
  }
  advance(milliseconds: number): void {
    this.offsetMs += milliseconds;
  }
}

/**
 * passport keeps strategies in a process-wide registry: a second app instance in the same
 * process would take over the first one's API-key strategy (and its database). So one
 * live app per test process; tests that need several API processes start real ones.
 */
let liveApp: TestApp | null = null;

/**
 * The real app (all modules, real database, real HTTP server on 127.0.0.1) with only the
 * clock replaced. Each call gets its own data folder and, on PostgreSQL, its own database.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  if (liveApp) throw new Error('close the previous test app first (one live app per process)');
  const database = options.data?.database ?? (await createThrowawayDatabase());
  const dataDir = options.data?.dir ?? mkdtempSync(join(tmpdir(), 'ip-e2e-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    LOG_LEVEL: 'error',
    // Engines start at their first capture here: most tests use only Chromium, and starting
    // every engine for each of them would cost CI minutes (engine-warm-up.e2e-spec.ts covers it).
    ENGINE_WARM_UP: 'false',
    // No SMTP listener unless a test asks for one on a port of its own: apps in parallel
    // lanes would otherwise contend for the default 2525.
    SMTP_PORT: '0',
    ...options.env,
  });
  const clock = options.realTime ? new RunningClock() : new ManualClock(new Date());
  let builder = Test.createTestingModule({ imports: [AppModule] })
    .overrideProvider(AppConfig)
    .useValue(config)
    .overrideProvider(Clock)
    .useValue(clock);
  for (const [token, value] of options.providers ?? [])
    builder = builder.overrideProvider(token).useValue(value);
  const moduleRef = await builder.compile();
  const app = moduleRef.createNestApplication({ bodyParser: false, logger: ['error'] });
  configureApp(app);
  await app.listen(options.port ?? 0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  const testApp: TestApp = {
    app,
    url: `http://127.0.0.1:${port}`,
    config,
    clock,
    get: <T>(token: abstract new (...args: never[]) => T) => app.get(token as never) as T,
    data: { database, dir: dataDir },
    close: async ({ keepData = false } = {}) => {
      liveApp = null;
      await app.close();
      if (keepData) return;
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  liveApp = testApp;
  return testApp;
}
