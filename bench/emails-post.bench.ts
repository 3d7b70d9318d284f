// POST /v1/emails latency and throughput for a 40 KB HTML email without remote images,
// against the built service on SQLite and (when reachable) PostgreSQL; then the hostile
// shapes (5 MB style block, 5 MB text, 100k nested divs) idle and with every core busy;
// then the same email with 10 images, beside it with 2 stylesheets and 3 web fonts too.
// Run: npm run build && npm run bench:emails (BENCH_ONLY=resources: the last table alone)
import autocannon from 'autocannon';
import { Client } from 'pg';
import { marketingEmail } from '../test/support/marketing-email';
import { hostilePostRows } from './lib/hostile-posts';
import { resourceRows } from './lib/resource-posts';
import { startServer } from './lib/server';
import { ms, printTable, summarize } from './lib/stats';

const SEQUENTIAL = 300;
const LOAD_SECONDS = 8;
const HOSTILE_RUNS = 9;

async function measure(label: string, env: Record<string, string>, port: number) {
  const server = await startServer(port, env);
  const body = JSON.stringify({ html_text: marketingEmail(40), end_user_id: 'bench-user' });
  const headers = {
    'content-type': 'application/json',
    authorization: `Basic ${Buffer.from(`${server.apiKey}:`).toString('base64')}`,
  };
  try {
    for (let i = 0; i < 30; i++)
      await fetch(`${server.url}/v1/emails`, { method: 'POST', headers, body });
    const samples: number[] = [];
    for (let i = 0; i < SEQUENTIAL; i++) {
      const start = performance.now();
      const response = await fetch(`${server.url}/v1/emails`, { method: 'POST', headers, body });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`status ${response.status}`);
      samples.push(performance.now() - start);
    }
    const load = await autocannon({
      url: `${server.url}/v1/emails`,
      method: 'POST',
      headers,
      body,
      connections: 8,
      duration: LOAD_SECONDS,
    });
    const latency = summarize(samples);
    return {
      database: label,
      'body KB': (body.length / 1024).toFixed(1),
      'p50 ms (1 at a time)': ms(latency.p50),
      'p95 ms (1 at a time)': ms(latency.p95),
      'req/s (8 connections)': load.requests.average.toFixed(0),
      'p50 ms under load': ms(load.latency.p50),
      errors: load.errors + load.non2xx,
    };
  } finally {
    await server.stop();
  }
}

async function postgresUrl(): Promise<string | null> {
  const admin = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new Client({ connectionString: admin });
  try {
    await client.connect();
    await client.query('DROP DATABASE IF EXISTS ip_bench WITH (FORCE)');
    await client.query('CREATE DATABASE ip_bench');
    const url = new URL(admin);
    url.pathname = '/ip_bench';
    return url.href;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function resourcesTable() {
  const server = await startServer(3914, { IMAGE_FETCH_ALLOW_IPS: '127.0.0.1' });
  try {
    printTable(
      'A 40 KB email with 10 images from a local server, without and with 2 stylesheets and 3 font files (targets: POST < 1.3x, first APPMAIL15 capture < 1.1x)',
      await resourceRows(server),
    );
  } finally {
    await server.stop();
  }
}

async function main() {
  if (process.env.BENCH_ONLY === 'resources') return resourcesTable();
  const rows = [await measure('sqlite', {}, 3911)];
  const pg = await postgresUrl();
  if (pg) rows.push(await measure('postgres', { DATABASE_URL: pg }, 3912));
  printTable('POST /v1/emails, 40 KB HTML, no remote images (target p50 < 30 ms)', rows);
  const server = await startServer(3913, {});
  try {
    printTable(
      `POST /v1/emails, hostile shapes, ${HOSTILE_RUNS} each, idle then two busy loops (targets: 5 MB style block p50 < 500 ms idle; same verdicts)`,
      await hostilePostRows(server, HOSTILE_RUNS),
    );
  } finally {
    await server.stop();
  }
  await resourcesTable();
}

void main();
