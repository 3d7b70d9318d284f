// Scale-out: captures per second with 1 and 2 BullMQ workers, and the queue's own overhead
// per capture (enqueue → worker start, worker finish → API answer), against the built
// service on PostgreSQL and Redis. Run: npm run build && npm run bench:scale-out
import { Queue } from 'bullmq';
import type { ChildProcess } from 'node:child_process';
import { Client } from 'pg';
import { loadConfig } from '../src/platform/config/app-config';
import { CAPTURE_QUEUE, redisConnection } from '../src/domain/captures/queue/queue-names';
import { marketingEmail } from '../test/support/marketing-email';
import { SCALE_OUT_SECRETS } from '../test/support/shared-secrets';
import { freshDatabase, REDIS_URL, startWorker } from './lib/cluster';
import { postHtml, startServer } from './lib/server';
import { ms, printTable, summarize } from './lib/stats';
import { RedisReconnection } from '../src/platform/redis/redis-availability';

const BATCH = Number(process.env.BENCH_RUNS ?? 24);
const SEQUENTIAL = 15;
const CLIENTS = ['OL2019', 'APPMAIL14', 'GMAILNEW', 'OL2016', 'OUTLOOKCOM', 'YAHOO'];

async function main() {
  const database = await freshDatabase('ip_bench_scale');
  const prefix = `ip-bench-${Date.now()}`;
  const server = await startServer(3914, {
    DATABASE_URL: database,
    REDIS_URL,
    ...SCALE_OUT_SECRETS,
    QUEUE_PREFIX: prefix,
    CAPTURE_TIMEOUT_MS: '300000',
    LOG_LEVEL: 'warn',
  });
  const env = { ...server.env, CAPTURE_CONCURRENCY: '1' };
  const queue = new Queue(CAPTURE_QUEUE, {
    connection: redisConnection(
      loadConfig({ REDIS_URL, ...SCALE_OUT_SECRETS }),
      new RedisReconnection(),
    ),
    prefix,
  });
  const pg = new Client({ connectionString: database });
  await pg.connect();
  const html = marketingEmail(40);
  const newEmail = () => postHtml(server, html);
  const workers: ChildProcess[] = [];
  try {
    const throughput: Record<string, string>[] = [];
    for (const count of [1, 2]) {
      while (workers.length < count) workers.push(await startWorker(env));
      const guids = await Promise.all(Array.from({ length: BATCH / CLIENTS.length }, newEmail));
      const started = performance.now();
      const answers = await Promise.all(
        guids.flatMap((guid) =>
          CLIENTS.map((client) => fetch(`${server.url}/v1/emails/${guid}/previews/${client}`)),
        ),
      );
      const seconds = (performance.now() - started) / 1000;
      if (answers.some((answer) => answer.status !== 200)) throw new Error('a capture failed');
      throughput.push({
        workers: String(count),
        captures: String(answers.length),
        seconds: seconds.toFixed(1),
        'captures/s': (answers.length / seconds).toFixed(2),
      });
    }
    // One capture at a time, so that no job waits for a busy worker: what is left is overhead.
    const toStart: number[] = [];
    const toAnswer: number[] = [];
    const total: number[] = [];
    for (let i = 0; i < SEQUENTIAL; i++) {
      const guid = await newEmail();
      const requested = Date.now();
      const response = await fetch(`${server.url}/v1/emails/${guid}/previews/OL2019`);
      const answered = Date.now();
      await response.arrayBuffer();
      const { rows } = await pg.query('SELECT id, attempt FROM captures WHERE email_id = $1', [
        guid,
      ]);
      const job = await queue.getJob(`${rows[0].id}-${rows[0].attempt}`);
      toStart.push(job!.processedOn! - job!.timestamp);
      toAnswer.push(answered - job!.finishedOn!);
      total.push(answered - requested);
    }
    printTable(
      `Throughput over ${BATCH} concurrent first captures (40 KB email, 6 desktop clients), CAPTURE_CONCURRENCY=1 per worker`,
      throughput,
    );
    const a = summarize(toStart);
    const b = summarize(toAnswer);
    const c = summarize(total);
    printTable(
      `Queue overhead per capture, ${SEQUENTIAL} captures one at a time (target p50 < 20 ms)`,
      [
        { stage: 'enqueue → worker start', 'p50 ms': ms(a.p50), 'p95 ms': ms(a.p95) },
        { stage: 'worker finish → API answer', 'p50 ms': ms(b.p50), 'p95 ms': ms(b.p95) },
        { stage: 'queue overhead (sum of p50s)', 'p50 ms': ms(a.p50 + b.p50), 'p95 ms': '-' },
        { stage: 'whole first GET', 'p50 ms': ms(c.p50), 'p95 ms': ms(c.p95) },
      ],
    );
  } finally {
    for (const worker of workers) worker.kill('SIGTERM');
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
    await pg.end();
    await server.stop();
  }
}

void main();
