import Redis, { ReplyError } from 'ioredis';
import { once } from 'node:events';
import {
  FAIL_FAST_REDIS_OPTIONS,
  redisAnswerWithin,
  RedisUnavailableError,
  whileRedisAnswers,
} from '../../../../src/platform/redis/redis-availability';
import { freePort } from '../../../support/api-process';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('Redis availability', () => {
  it('turns a command Redis never answered into RedisUnavailableError', async () => {
    const redis = new Redis(`redis://127.0.0.1:${await freePort()}`, FAIL_FAST_REDIS_OPTIONS);
    redis.on('error', () => undefined); // nothing listens there: the point of the test
    try {
      await expect(whileRedisAnswers(() => redis.get('k'))).rejects.toThrow(RedisUnavailableError);
    } finally {
      redis.disconnect();
    }
  });

  it("leaves Redis's own answers, and errors of other kinds, as they are", async () => {
    const redis = new Redis(REDIS_URL, FAIL_FAST_REDIS_OPTIONS);
    await once(redis, 'ready'); // without an offline queue, a command waits for nothing
    try {
      await expect(whileRedisAnswers(() => redis.call('NO-SUCH-COMMAND'))).rejects.toThrow(
        ReplyError,
      );
      const bug = new TypeError('not a Redis problem');
      await expect(whileRedisAnswers(() => Promise.reject(bug))).rejects.toBe(bug);
    } finally {
      await redis.quit();
    }
  });

  it('bounds a wait that BullMQ would not bound (a first connection)', async () => {
    const never = new Promise<never>(() => undefined);
    await expect(redisAnswerWithin(never, 10)).rejects.toThrow(RedisUnavailableError);
    await expect(redisAnswerWithin(Promise.resolve('answered'), 10)).resolves.toBe('answered');
  });
});
