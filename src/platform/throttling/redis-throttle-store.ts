import { Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import Redis from 'ioredis';
import { FAIL_FAST_REDIS_OPTIONS, whileRedisAnswers } from '../redis/redis-availability';
import type { Clock } from '../config/clock';
import { stateOf, ThrottleRecord, ThrottleState, ThrottleStore } from './throttle-store';

/**
 * applyHit (throttle-store.ts) as one atomic step on a hash, so that API processes share
 * counters without a race. `now` comes from the service clock; Redis's own expiry only
 * collects records well after they ended.
 */
const HIT = `
local now = tonumber(ARGV[1])
local r = redis.call('HMGET', KEYS[1], 'hits', 'windowEndsAt', 'blockedUntil')
local hits, windowEndsAt, blockedUntil = tonumber(r[1]), tonumber(r[2]), tonumber(r[3])
if hits and blockedUntil > now then return {hits, windowEndsAt, blockedUntil} end
if (not hits) or windowEndsAt <= now or blockedUntil ~= 0 then
  hits = 1
  windowEndsAt = now + tonumber(ARGV[2])
  blockedUntil = 0
else
  hits = hits + 1
end
if hits > tonumber(ARGV[3]) then blockedUntil = now + tonumber(ARGV[4]) end
redis.call('HSET', KEYS[1], 'hits', hits, 'windowEndsAt', windowEndsAt, 'blockedUntil', blockedUntil)
redis.call('PEXPIRE', KEYS[1], math.max(windowEndsAt, blockedUntil) - now + 60000)
return {hits, windowEndsAt, blockedUntil}
`;

/**
 * Scale-out mode: counters in Redis, shared by every API process. Every request that is
 * throttled needs them: while Redis is down, they throw RedisUnavailableError (503) at once.
 */
export class RedisThrottleStore extends ThrottleStore {
  private readonly redis: Redis & {
    throttleHit(...args: (string | number)[]): Promise<[number, number, number]>;
  };
  private readonly logger = new Logger(RedisThrottleStore.name);
  /**
   * The first connection attempt ended, either way (at most REDIS_ANSWER_MS): commands wait
   * for it, since one sent before the connection is ready would be refused.
   */
  private readonly firstAttempt: Promise<void>;

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly clock: Clock,
  ) {
    super();
    this.redis = new Redis(url, FAIL_FAST_REDIS_OPTIONS) as typeof this.redis;
    this.redis.defineCommand('throttleHit', { numberOfKeys: 1, lua: HIT });
    this.firstAttempt = new Promise((resolve) => {
      this.redis.once('ready', resolve);
      this.redis.once('error', () => resolve());
    });
    // ioredis reconnects by itself: an outage is logged, not thrown at the process.
    this.redis.on('error', (error: Error) => this.logger.warn(`Redis: ${error.message}`));
  }

  async hit(key: string, windowMs: number, limit: number, blockMs: number): Promise<ThrottleState> {
    const now = this.clock.now().getTime();
    const [hits, windowEndsAt, blockedUntil] = await this.command(() =>
      this.redis.throttleHit(
        this.keyOf(key),
        now,
        windowMs,
        Number.isFinite(limit) ? limit : 2 ** 53,
        blockMs,
      ),
    );
    return stateOf({ hits, windowEndsAt, blockedUntil }, now);
  }

  async peek(key: string): Promise<ThrottleState> {
    const [hits, windowEndsAt, blockedUntil] = await this.command(() =>
      this.redis.hmget(this.keyOf(key), 'hits', 'windowEndsAt', 'blockedUntil'),
    );
    const record: ThrottleRecord | undefined =
      hits === null
        ? undefined
        : {
            hits: Number(hits),
            windowEndsAt: Number(windowEndsAt),
            blockedUntil: Number(blockedUntil),
          };
    return stateOf(record, this.clock.now().getTime());
  }

  async reset(key: string): Promise<void> {
    await this.command(() => this.redis.del(this.keyOf(key)));
  }

  async ping(): Promise<void> {
    await this.command(() => this.redis.ping());
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  private async command<T>(call: () => Promise<T>): Promise<T> {
    await this.firstAttempt;
    return whileRedisAnswers(call);
  }

  /** Keys carry addresses and emails: hashed, so Redis holds none of them in clear. */
  private keyOf(key: string): string {
    return `${this.prefix}throttle:${createHash('sha256').update(key).digest('base64url')}`;
  }
}
