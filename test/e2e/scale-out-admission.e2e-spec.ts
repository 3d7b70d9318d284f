import { RedisReconnection } from '../../src/platform/redis/redis-availability';
import { clientCatalog } from '../../src/rendering/catalog/client-catalog';
import { Job, Queue, Worker } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { BullMqCaptureQueue } from '../../src/domain/captures/queue/bullmq-capture-queue';
import { QueueFullError } from '../../src/domain/captures/state/capture-attempt';
import { CAPTURE_QUEUE, redisConnection } from '../../src/domain/captures/queue/queue-names';
import { RedisUnavailableError } from '../../src/platform/redis/redis-availability';
import { loadConfig } from '../../src/platform/config/app-config';
import { ManualClock } from '../../src/platform/config/clock';
import { privateRedis, PrivateRedis } from '../support/private-redis';
import { SCALE_OUT_SECRETS } from '../support/shared-secrets';
import { TEST_DATABASE } from '../support/test-database';
import { until } from '../support/until';

/**
 * Scale-out admission against a real (private) Redis with a real BullMQ worker whose jobs
 * end when the test says, on the service clock: a slow burst followed by an idle period
 * must not lock the queue at 503, nor must a Redis restart. No database is involved: run
 * once, with the SQLite pass.
 */
(TEST_DATABASE === 'sqlite' ? describe : describe.skip)('scale-out admission', () => {
  let redis: PrivateRedis;
  let clock: ManualClock;
  let queue: BullMqCaptureQueue;
  let worker: Worker;
  let inspect: Queue;
  const gates: (() => void)[] = [];
  const prefix = `ip-admission-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    redis = await privateRedis();
    await redis.start();
    const config = loadConfig({
      REDIS_URL: redis.url,
      ...SCALE_OUT_SECRETS,
      QUEUE_PREFIX: prefix,
      CAPTURE_CONCURRENCY: '1',
    });
    clock = new ManualClock(new Date('2026-11-23T12:00:00Z'));
    queue = new BullMqCaptureQueue(config, clock, clientCatalog);
    const connection = redisConnection(config, new RedisReconnection());
    inspect = new Queue(CAPTURE_QUEUE, { connection, prefix });
    // A worker whose every job waits for the test to end it.
    worker = new Worker(
      CAPTURE_QUEUE,
      async (_job: Job) => {
        await new Promise<void>((resolve) => gates.push(resolve));
        return { status: 'captured' };
      },
      { connection, prefix, concurrency: 1 },
    );
    worker.on('error', () => undefined);
  });
  afterAll(async () => {
    await worker.close(true);
    await inspect.close();
    await queue.onModuleDestroy();
    await redis.stop();
  });

  const job = () => ({
    captureId: randomUUID(),
    emailId: randomUUID(),
    attempt: 1,
    configuration: { client: 'OL2019', images: 'allowed', orientation: 'vertical' } as const,
  });
  /** Ends the job the worker holds, `ms` of service time after the previous one. */
  async function finishOne(ms: number): Promise<void> {
    await until(() => gates.length > 0);
    clock.advance(ms);
    const completed = new Promise<void>((resolve) => worker.once('completed', () => resolve()));
    gates.shift()!();
    await completed;
  }
  const waiting = () => inspect.getJobCountByTypes('waiting', 'prioritized');
  const refused = (count: number) =>
    queue.reserve(count).then(
      () => {
        queue.release(count);
        return false;
      },
      (error: unknown) => {
        if (error instanceof QueueFullError) return true;
        throw error;
      },
    );

  it('a slow burst refuses a large batch while work waits, and admits it again after an idle period', async () => {
    const burst = [job(), job(), job(), job(), job(), job()];
    for (const each of burst) await queue.enqueue(each);
    // One render a minute while the others wait: the queue drains at 1/60 per second.
    for (let i = 0; i < burst.length; i++) await finishOne(60_000);
    await until(async () => (await waiting()) === 0 && gates.length === 0);
    // The worker holds one job and one more waits behind it: 100 more would wait far past
    // the 90 s budget at that rate, and so would a single one more.
    await queue.enqueue(job());
    await until(() => gates.length === 1);
    await queue.enqueue(job());
    await until(async () => (await waiting()) === 1);
    await until(async () => (await refused(100)) === true);
    await expect(queue.enqueue(job())).rejects.toBeInstanceOf(QueueFullError);
    // 13 minutes later the estimate is back at its prior: the same batch is admitted.
    clock.advance(13 * 60_000);
    expect(await refused(100)).toBe(false);
    await finishOne(100);
    await finishOne(100);
    await until(async () => (await waiting()) === 0 && gates.length === 0);
  });

  it('a Redis restart locks nothing: the next capture is admitted and completes', async () => {
    for (let i = 0; i < 4; i++) await queue.enqueue(job());
    for (let i = 0; i < 4; i++) await finishOne(60_000);
    await until(async () => (await waiting()) === 0);
    await redis.stop();
    await redis.start(); // empty again, as a Redis that lost its data
    await until(async () => (await waiting().catch(() => -1)) === 0);
    const after = job();
    // Refused (503) only until the request-path connection is back: within seconds.
    await until(() =>
      queue.enqueue(after).then(
        () => true,
        (error: unknown) => {
          if (error instanceof RedisUnavailableError) return false;
          throw error;
        },
      ),
    );
    const outcome = queue.outcome(after, new AbortController().signal);
    await finishOne(100);
    expect(await outcome).toEqual({ status: 'captured' });
    expect(await refused(100)).toBe(false);
  });
});
