import { Queue, QueueEvents, Worker } from 'bullmq';
import { closeWithin, RedisReconnection } from '../../../../src/platform/redis/redis-availability';
import { privateRedis, PrivateRedis } from '../../../support/private-redis';

/** What the test needs of each kind (their `on` overloads have no common signature). */
type Client = Queue & {
  on(event: 'error', listener: (error: Error) => void): unknown;
  once(event: string, listener: () => void): unknown;
};
const KINDS: Record<string, (connection: object) => Client> = {
  Queue: (connection) => new Queue('close-within', { connection }),
  QueueEvents: (connection) => new QueueEvents('close-within', { connection }) as unknown as Client,
  Worker: (connection) =>
    new Worker('close-within', async () => undefined, { connection }) as unknown as Client,
};

/**
 * Shutdown with Redis down: BullMQ's own close and disconnect of a QueueEvents or Worker wait
 * without end for a connection that never opened, or that waits in its reconnection backoff
 * after Redis went away (a CI run hung its afterAll so, and the retry timers then kept jest
 * from exiting). closeWithin must end, and leave no connection trying again: jest's test
 * timeout fails a hang here. A Worker is closed by force: its graceful close waits for its
 * blocking connection to end, which one parked in its backoff never does.
 */
describe('closeWithin', () => {
  let redis: PrivateRedis;
  beforeEach(async () => {
    redis = await privateRedis();
  });
  afterEach(() => redis.stop());

  async function open(kind: string) {
    const reconnection = new RedisReconnection();
    const url = new URL(redis.url);
    const client = KINDS[kind]({
      host: url.hostname,
      port: Number(url.port),
      maxRetriesPerRequest: null,
      retryStrategy: reconnection.retryStrategy,
    });
    const errors: Error[] = [];
    client.on('error', (error: Error) => errors.push(error)); // Redis is down: the point
    return { client, reconnection, errors };
  }

  it.each(Object.keys(KINDS))(
    'ends a %s that never connected',
    async (kind) => {
      const { client, reconnection, errors } = await open(kind);
      while (errors.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      await closeWithin(client, reconnection, { force: kind === 'Worker' });
    },
    20_000,
  );

  it.each(Object.keys(KINDS))(
    'ends a %s whose Redis went away',
    async (kind) => {
      await redis.start();
      const { client, reconnection, errors } = await open(kind);
      await client.waitUntilReady();
      await redis.stop();
      while (errors.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      const closed = new Promise((resolve) => client.once('closed' as 'error', resolve));
      await closeWithin(client, reconnection, { force: kind === 'Worker' });
      // A worker closed by force (as the API's webhook worker is) has nothing left running.
      if (kind === 'Worker') await closed;
    },
    20_000,
  );
});
