// Storage moves and webhook deliveries, on the built service (npm run build first):
// 1. BENCH_FILES (10,000) synthetic capture files in local storage, moved to an S3-protocol
//    server (s3rver on 127.0.0.1) by `storage:move --to s3` while the service runs: files per
//    second, and cached preview GETs (the 301 and the capture host's 302) during the move
//    beside the same GETs idle (target: p95 under 2x idle).
// 2. Webhook delivery latency: from a capture's capture.completed event (its timestamp) to a
//    local receiver's receipt, p50/p95 over BENCH_WEBHOOKS first captures.
// Run: npm run build && npm run bench:storage-move
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { Agent, get } from 'node:http';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startWebhookReceiver } from '../test/support/webhook-receiver';
import { postHtml, RunningServer, startServer } from './lib/server';
import { ms, printTable, summarize } from './lib/stats';
import { SIMPLE_EMAIL } from '../test/support/previews';

const FILES = Number(process.env.BENCH_FILES ?? 10_000);
const WEBHOOKS = Number(process.env.BENCH_WEBHOOKS ?? 20);
/** GETs before the idle sample (the JIT warms up), then the idle sample itself. */
const WARM_UP_GETS = 1000;
const IDLE_GETS = 3000;
const ROOT = join(__dirname, '..');
const KEEP_ALIVE = new Agent({ keepAlive: true });

const auth = (server: RunningServer) =>
  `Basic ${Buffer.from(`${server.apiKey}:`).toString('base64')}`;

let reconnects = 0;

/**
 * One GET on a kept-alive connection (the capture host named by its Host header); asked
 * again once when the server had just closed the connection it was sent on (counted).
 */
async function getOnce(url: string, host?: string): Promise<{ status: number; location?: string }> {
  const ask = () =>
    new Promise<{ status: number; location?: string }>((resolve, reject) =>
      get(url, { headers: host ? { host } : {}, agent: KEEP_ALIVE }, (answer) => {
        answer.resume();
        answer.once('end', () =>
          resolve({ status: answer.statusCode ?? 0, location: answer.headers.location }),
        );
      }).once('error', reject),
    );
  return ask().catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET') throw error;
    reconnects++;
    return ask();
  });
}

/** One cached preview: the 301, then the capture host's 302 (its Host header named). */
async function cachedPreview(server: RunningServer, guid: string): Promise<[number, number]> {
  const started = performance.now();
  const preview = await getOnce(`${server.url}/v1/emails/${guid}/previews/OL2019/full`);
  const previewMs = performance.now() - started;
  if (preview.status !== 301) throw new Error(`preview answered ${preview.status}`);
  const location = new URL(preview.location!);
  const at = performance.now();
  const host = await getOnce(`${server.url}${location.pathname}`, location.host);
  if (host.status !== 302) throw new Error(`capture host answered ${host.status}`);
  return [previewMs, performance.now() - at];
}

/** Copies of one real capture row (and its email), each with its own files, in local storage. */
function seedCaptures(server: RunningServer, guid: string, files: number, bytes: Buffer): void {
  const db = new Database(join(server.env.DATA_DIR!, 'instant-preview.sqlite'));
  const columns = (table: string) =>
    (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name);
  const emailColumns = columns('emails');
  const captureColumns = columns('captures');
  const email = db.prepare('SELECT * FROM emails WHERE id = ?').get(guid) as Record<
    string,
    unknown
  >;
  const capture = db.prepare('SELECT * FROM captures WHERE email_id = ?').get(guid) as Record<
    string,
    unknown
  >;
  const insertEmail = db.prepare(
    `INSERT INTO emails (${emailColumns.join(',')}) VALUES (${emailColumns.map(() => '?').join(',')})`,
  );
  const insertCapture = db.prepare(
    `INSERT INTO captures (${captureColumns.join(',')}) VALUES (${captureColumns.map(() => '?').join(',')})`,
  );
  const root = join(server.env.DATA_DIR!, 'files');
  const names = Object.keys(JSON.parse(capture.files as string) as Record<string, unknown>);
  db.transaction(() => {
    for (let made = 0; made < files; made += names.length) {
      const emailId = randomUUID();
      const captureId = randomUUID();
      const recorded: Record<string, { key: string; content_type: string; location: string }> = {};
      for (const name of names) {
        const key = `captures/${emailId}/${captureId}-1/${name}`;
        mkdirSync(join(root, key, '..'), { recursive: true });
        writeFileSync(join(root, key), bytes);
        recorded[name] = { key, content_type: 'image/png', location: 'local' };
      }
      insertEmail.run(emailColumns.map((c) => (c === 'id' ? emailId : email[c])));
      insertCapture.run(
        captureColumns.map((c) =>
          c === 'id'
            ? captureId
            : c === 'email_id'
              ? emailId
              : c === 'files'
                ? JSON.stringify(recorded)
                : capture[c],
        ),
      );
    }
  })();
  db.close();
}

async function moveBesideGets(server: RunningServer, guid: string) {
  for (let i = 0; i < WARM_UP_GETS; i++) await cachedPreview(server, guid);
  const idle: [number, number][] = [];
  for (let i = 0; i < IDLE_GETS; i++) idle.push(await cachedPreview(server, guid));
  const during: [number, number][] = [];
  const started = performance.now();
  const mover = spawn(
    process.execPath,
    [join(ROOT, 'dist/cli.js'), 'storage:move', '--to', 's3', '--json'],
    {
      env: server.env as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let stdout = '';
  mover.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const ended = new Promise<number>((resolve) => mover.once('exit', (code) => resolve(code ?? 1)));
  let done = false;
  void ended.then(() => (done = true));
  while (!done) during.push(await cachedPreview(server, guid));
  const code = await ended;
  const wallS = (performance.now() - started) / 1000;
  const counts = JSON.parse(stdout) as {
    files_moved: number;
    bytes_moved: number;
    files_failed: number;
  };
  return { idle, during, code, wallS, counts };
}

async function webhookLatency(server: RunningServer): Promise<number[]> {
  const receiver = await startWebhookReceiver();
  const latencies: number[] = [];
  try {
    const created = await fetch(`${server.url}/v1/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: auth(server) },
      body: JSON.stringify({ url: `${receiver.url}/hook`, events: ['capture.completed'] }),
    });
    receiver.secret = ((await created.json()) as { secret: string }).secret;
    for (let i = 0; i < WEBHOOKS; i++) {
      const guid = await postHtml(server, SIMPLE_EMAIL);
      const seen = receiver.requests.length;
      await (await fetch(`${server.url}/v1/emails/${guid}/previews/OL2019`)).arrayBuffer();
      while (receiver.requests.length === seen) await new Promise((r) => setTimeout(r, 1));
      const received = receiver.requests[seen];
      latencies.push(received.receivedAt - Date.parse(received.body.timestamp));
    }
  } finally {
    await receiver.close();
  }
  return latencies;
}

/**
 * The S3-protocol server (s3rver) in a process of its own: in this one, its work would delay
 * the GETs this bench times.
 */
async function startS3Process() {
  const directory = mkdtempSync(join(tmpdir(), 'ip-bench-s3-'));
  const script = `new (require('s3rver'))({ address: '127.0.0.1', port: 0, silent: true, directory: ${JSON.stringify(directory)}, configureBuckets: [{ name: 'previews' }] }).run().then((a) => console.log(a.port))`;
  const child = spawn(process.execPath, ['-e', script], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve) =>
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())),
  );
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: 'previews',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: async () => {
      child.kill();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

async function main(): Promise<void> {
  const s3 = await startS3Process();
  const server = await startServer(4330, {
    ...s3.env,
    STORAGE: 's3',
    WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
  });
  try {
    // A real capture made on local storage first: restarting is not needed, the seed below
    // records its synthetic files at 'local' as a service on STORAGE=local would have.
    const guid = await postHtml(server, SIMPLE_EMAIL);
    await (await fetch(`${server.url}/v1/emails/${guid}/previews/OL2019`)).arrayBuffer();
    const thumb = Buffer.alloc(12_000, 7);
    seedCaptures(server, guid, FILES, thumb);
    const move = await moveBesideGets(server, guid);
    const column = (rows: [number, number][], i: 0 | 1) => summarize(rows.map((row) => row[i]));
    const rows = (['preview GET (301)', 'capture host (302)'] as const).map((what, i) => {
      const idle = column(move.idle, i as 0 | 1);
      const during = column(move.during, i as 0 | 1);
      return {
        what,
        'idle n': idle.n,
        'idle p50 / p95 ms': `${ms(idle.p50)} / ${ms(idle.p95)}`,
        'during move n': during.n,
        'during p50 / p95 ms': `${ms(during.p50)} / ${ms(during.p95)}`,
        'p95 ratio (target < 2)': (during.p95 / idle.p95).toFixed(2),
      };
    });
    printTable(
      `storage:move of ${move.counts.files_moved} files (${(move.counts.bytes_moved / 1e6).toFixed(1)} MB) local -> S3-protocol server: ${move.wallS.toFixed(1)} s, ${(move.counts.files_moved / move.wallS).toFixed(0)} files/s, ${move.counts.files_failed} failed, exit ${move.code}`,
      rows,
    );
    if (reconnects > 0) console.log(`(${reconnects} GETs asked again on a fresh connection)`);
    const latency = summarize(await webhookLatency(server));
    printTable('webhook delivery: capture.completed timestamp to receipt', [
      { deliveries: latency.n, 'p50 / p95 ms': `${ms(latency.p50)} / ${ms(latency.p95)}` },
    ]);
  } finally {
    await server.stop();
    await s3.close();
  }
}

void main();
