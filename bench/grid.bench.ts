// The whole grid at once: one 40 KB newsletter, every client code requested at the same
// moment, as an integrator's grid view does. Prints the wall time until the last preview,
// the statuses, the captures produced beside the renders performed (the rest shared a render
// with a client of the same pixels), and the latency of single first previews of other
// emails made one after another while the grid runs; embedded mode, then scale-out with 1
// and 2 BullMQ workers (PostgreSQL, Redis). Target on 2 cores: the grid in under 8 s, all
// 200; another email's preview within 2 s p95. Then a single first capture through HTTP beside
// the bare engine at its fastest (target ratio < 1.15). Run: npm run build && npm run bench:grid
// BENCH_PARTS=first,embedded,scale-out (the default: all three) runs only some parts. The
// embedded grid runs twice: ENGINES=chromium (every profile drawn by Chromium) beside
// ENGINES=all (WebKit and Gecko for their clients), in the same run (BENCH_ENGINES).
import Database from 'better-sqlite3';
import type { ChildProcess } from 'node:child_process';
import { get as httpGet } from 'node:http';
import { join } from 'node:path';
import { Client } from 'pg';
import { marketingEmail } from '../test/support/marketing-email';
import { SCALE_OUT_SECRETS } from '../test/support/shared-secrets';
import { SIMPLE_EMAIL } from '../test/support/previews';
import { bareEngineCaptures } from './lib/bare-engine';
import { freshDatabase, REDIS_URL, startWorker } from './lib/cluster';
import { postHtml, RunningServer, startServer } from './lib/server';
import { ms, printTable, summarize } from './lib/stats';
import { cpuOfTree, cpuUsed, describeParts } from './lib/cpu';
import { machineBusySeconds } from './lib/machine-cpu';
import { loadConfig } from '../src/platform/config/app-config';
import { Renderer } from '../src/rendering/render';
import { LIBRARY_ALONE, rendererOptions } from '../src/domain/renderer/renderer-options';
import { mapWithConcurrency } from '../src/base/system/map-with-concurrency';

/** The other email previewed while the grid runs. */
const OTHER = { html: SIMPLE_EMAIL, client: 'OL2019' };

async function runGrid(
  server: RunningServer,
  label: string,
  workers: number[] = [],
): Promise<Record<string, string>> {
  const post = (html: string) => postHtml(server, html);
  const preview = async (guid: string, client: string) => {
    const response = await fetch(`${server.url}/v1/emails/${guid}/previews/${client}`);
    await response.arrayBuffer();
    return response.status;
  };
  const codes = (await (await fetch(`${server.url}/v1/clients`)).json()) as string[];
  const html = marketingEmail(40);
  const guid = await post(html);

  // The service's process tree (itself, its browsers and their renderers), over the grid.
  // In scale-out the workers render: their process trees are counted, each on its own too.
  const cpuBefore = [server.pid, ...workers].map(cpuOfTree);
  const machineBefore = machineBusySeconds();
  const reportedBefore = workers.length ? 0 : await reportedCpu(server);
  const started = performance.now();
  let done = false;
  const grid = Promise.all(codes.map((code) => preview(guid, code))).finally(() => (done = true));
  const others: number[] = [];
  const otherStatuses: number[] = [];
  while (!done) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const other = await post(OTHER.html);
    const at = performance.now();
    otherStatuses.push(await preview(other, OTHER.client));
    others.push(performance.now() - at);
  }
  const statuses = await grid;
  const wall = (performance.now() - started) / 1000;
  // The thumbnails follow the answers: counted once the last is stored.
  await thumbnailsStored(server, guid, codes);
  const cpuAfter = [server.pid, ...workers].map(cpuOfTree);
  // Everything the machine did meanwhile, this bench's own requests included.
  const machine = machineBusySeconds() - machineBefore;
  // The service's own figure, as its /metrics says it (embedded: one process tree).
  const reported = workers.length ? NaN : (await reportedCpu(server)) - reportedBefore;
  const used = cpuAfter.map((after, i) => cpuUsed(cpuBefore[i], after));
  const gridCpu = {
    total: used.reduce((sum, part) => sum + part.total, 0),
    parts: used.length === 1 ? used[0].parts : { api: used[0].total },
  };
  used.slice(1).forEach((worker, i) => (gridCpu.parts[`worker ${i + 1}`] = worker.total));
  const distinct = await distinctClients(server, guid);
  // The other emails' previews made meanwhile are renders too: made again beside the grid's.
  const renders = await cpuOfDistinctRenders(
    [...distinct.map((client) => ({ html, client })), ...others.map(() => OTHER)],
    server.env.ENGINES ?? 'all',
  );
  const counts: Record<number, number> = {};
  for (const status of [...statuses, ...otherStatuses]) counts[status] = (counts[status] ?? 0) + 1;
  const other = summarize(others);
  return {
    mode: label,
    clients: String(codes.length),
    'grid wall s': wall.toFixed(1),
    statuses: Object.entries(counts)
      .map(([status, count]) => `${count}x${status}`)
      .join(' '),
    'captures produced': String(statuses.filter((status) => status === 200).length),
    'renders performed': `${distinct.length} + ${others.length} other`,
    'grid CPU s': `${gridCpu.total.toFixed(1)} (${describeParts(gridCpu.parts)})`,
    'machine busy CPU s (/proc/stat)': machine.toFixed(1),
    'grid / machine': (gridCpu.total / machine).toFixed(3),
    '/metrics CPU s (process + engines)': Number.isNaN(reported) ? 'n/a' : reported.toFixed(1),
    '/metrics / machine': Number.isNaN(reported) ? 'n/a' : (reported / machine).toFixed(3),
    'distinct renders CPU s': `${renders.total.toFixed(1)} (${describeParts(renders.parts)})`,
    'ratio (target <= 1.25)': (gridCpu.total / renders.total).toFixed(2),
    'captures per CPU s': (statuses.length / gridCpu.total).toFixed(2),
    'captures per s': (statuses.length / wall).toFixed(2),
    'other email n': String(other.n),
    'other p50 / p95 ms': `${ms(other.p50)} / ${ms(other.p95)}`,
  };
}

/**
 * The CPU-seconds the service reports for itself so far: its own process
 * (instant_preview_process_cpu_seconds_total) and its engines'
 * (instant_preview_engine_cpu_seconds_total, every engine).
 */
async function reportedCpu(server: RunningServer): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  let seconds = 0;
  for (const line of text.split('\n')) {
    if (/^instant_preview_(process_cpu_seconds_total|engine_cpu_seconds_total\{)/.test(line))
      seconds += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return seconds;
}

const FIRST_RUNS = 15;

/** First GETs of fresh emails one at a time through HTTP, then the bare engine, same HTML. */
async function firstCaptureBesideBareEngine(): Promise<Record<string, string>> {
  const html = marketingEmail(40);
  const server = await startServer(4314);
  const ours: number[] = [];
  try {
    for (let i = 0; i < FIRST_RUNS + 2; i++) {
      const guid = await postHtml(server, html);
      const started = performance.now();
      const response = await fetch(`${server.url}/v1/emails/${guid}/previews/OL2019`);
      await response.arrayBuffer();
      if (i >= 2) ours.push(performance.now() - started); // two warm-up captures
    }
  } finally {
    await server.stop();
  }
  const bare = summarize(await bareEngineCaptures(html, 'OL2019', FIRST_RUNS));
  const service = summarize(ours);
  return {
    'service p50 / p95 ms': `${ms(service.p50)} / ${ms(service.p95)}`,
    'bare engine p50 / p95 ms': `${ms(bare.p50)} / ${ms(bare.p95)}`,
    'ratio (p50)': (service.p50 / bare.p50).toFixed(2),
  };
}

/** The clients of the email whose pixels were not shared from another client's render. */
async function distinctClients(server: RunningServer, guid: string): Promise<string[]> {
  const rows = await query<{ client: string }>(
    server,
    'SELECT client FROM captures WHERE email_id = $1 AND shared_render = $2',
    [guid, false],
  );
  return rows.map((row) => row.client);
}

/** Waits until every capture of the email has both thumbnails stored. */
async function thumbnailsStored(server: RunningServer, guid: string, codes: string[]) {
  for (const code of codes) {
    const preview = await fetch(`${server.url}/v1/emails/${guid}/previews/${code}`);
    const body = (await preview.json()) as Record<string, string>;
    // The capture host makes sure a thumbnail exists before it redirects to it.
    for (const url of [body.thumb_url, body.thumb450_url]) {
      const status = await captureHostStatus(server, url);
      if (status !== 302) throw new Error(`${url} answered ${status}`);
    }
  }
}

/** A GET on the capture host (fetch may not set Host): its status. */
function captureHostStatus(server: RunningServer, url: string): Promise<number> {
  const { host, pathname } = new URL(url);
  return new Promise((resolve, reject) =>
    httpGet(`${server.url}${pathname}`, { headers: { host } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    }).on('error', reject),
  );
}

/**
 * The same renders made by the render library alone in this process (its browsers below
 * it), two at a time as the service renders, after one warm-up: their CPU-seconds.
 */
async function cpuOfDistinctRenders(renders: { html: string; client: string }[], engines: string) {
  const config = loadConfig({ ...process.env, ENGINES: engines });
  const renderer = new Renderer(
    rendererOptions(config, { ...LIBRARY_ALONE, concurrency: 2, timeoutMs: 120_000 }),
  );
  const options = { images: 'allowed', orientation: 'vertical' } as const;
  try {
    await renderer.render({ html: '<p>warm</p>', text: null, images: [] }, 'OL2019', options);
    const before = cpuOfTree(process.pid);
    await mapWithConcurrency(renders, 2, ({ html, client }) =>
      renderer.render({ html, text: null, images: [] }, client, options),
    );
    return cpuUsed(before, cpuOfTree(process.pid));
  } finally {
    await renderer.close();
  }
}

async function query<T>(server: RunningServer, sql: string, values: unknown[]): Promise<T[]> {
  if (server.env.DATABASE_URL) {
    const pg = new Client({ connectionString: server.env.DATABASE_URL });
    await pg.connect();
    const { rows } = await pg.query(sql, values);
    await pg.end();
    return rows as T[];
  }
  const db = new Database(join(server.env.DATA_DIR!, 'instant-preview.sqlite'), { readonly: true });
  const rows = db
    .prepare(sql.replace(/\$\d/g, '?'))
    .all(...values.map((v) => (v === false ? 0 : v)));
  db.close();
  return rows as T[];
}

async function main(): Promise<void> {
  const parts = (process.env.BENCH_PARTS ?? 'first,embedded,scale-out').split(',');
  const rows: Record<string, string>[] = [];
  const first = parts.includes('first') ? await firstCaptureBesideBareEngine() : undefined;
  // The default (one per core) beside the neighbours, to choose it from measurement.
  const concurrencies = parts.includes('embedded')
    ? (process.env.BENCH_CONCURRENCY ?? '2').split(',')
    : [];
  // The Chromium-only grid beside the grid with every client's own engine (target: <= 1.3x).
  const engineSets = (process.env.BENCH_ENGINES ?? 'chromium,all').split(',');
  for (const concurrency of concurrencies) {
    for (const engines of engineSets) {
      const embedded = await startServer(4312, {
        CAPTURE_CONCURRENCY: concurrency,
        ENGINES: engines === 'chromium' ? 'chromium' : 'all',
      });
      try {
        rows.push(
          await runGrid(embedded, `embedded, ${concurrency} at a time, ENGINES=${engines}`),
        );
      } finally {
        await embedded.stop();
      }
    }
  }

  if (parts.includes('scale-out')) rows.push(...(await scaleOutGrids()));
  if (rows.length) {
    printTable('The whole grid of a 40 KB newsletter at once (default settings, 2 cores)', rows);
  }
  if (first) {
    printTable(
      `A single first capture (40 KB newsletter, OL2019, ${FIRST_RUNS} runs) beside the bare engine (target ratio < 1.15)`,
      [first],
    );
  }
}

/** The grid through one API process and BullMQ workers (1, then 2). */
async function scaleOutGrids(): Promise<Record<string, string>[]> {
  const rows: Record<string, string>[] = [];
  const server = await startServer(4313, {
    DATABASE_URL: await freshDatabase('ip_bench_grid'),
    REDIS_URL,
    ...SCALE_OUT_SECRETS,
    QUEUE_PREFIX: `ip-bench-grid-${Date.now()}`,
  });
  const workers: ChildProcess[] = [];
  try {
    for (const count of [1, 2]) {
      // Two machines simulated on this one: each worker on a core of its own (taskset).
      while (workers.length < count) workers.push(await startWorker(server.env, workers.length));
      const pids = workers.map((worker) => worker.pid!);
      const cores = workers.map((_, core) => core).join(', ');
      rows.push(await runGrid(server, `scale-out, ${count} worker(s) on core(s) ${cores}`, pids));
    }
  } finally {
    for (const worker of workers) worker.kill('SIGTERM');
    await server.stop();
  }
  return rows;
}

void main();
