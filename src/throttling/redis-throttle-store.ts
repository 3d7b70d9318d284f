import { createHash } from 'node:crypto';
import Redis from 'ioredis';
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

/** Scale-out mode: counters in Redis, shared by every API process. */
export class RedisThrottleStore extends ThrottleStore {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly clock: Clock,
  ) {
    super();
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
    this.redis.defineCommand('throttleHit', { numberOfKeys: 1, lua: HIT });
  }

  async hit(key: string, windowMs: number, limit: number, blockMs: number): Promise<ThrottleState> {
    const now = this.clock.now().getTime();
    const [hits, windowEndsAt, blockedUntil] = await (
      this.redis as unknown as {
        throttleHit(...args: (string | number)[]): Promise<[number, number, number]>;
      }
    ).throttleHit(
      this.keyOf(key),
      now,
      windowMs,
      Number.isFinite(limit) ? limit : 2 ** 53,
      blockMs,
    );
    return stateOf({ hits, windowEndsAt, blockedUntil }, now);
  }

  async peek(key: string): Promise<ThrottleState> {
    const [hits, windowEndsAt, blockedUntil] = await this.redis.hmget(
      this.keyOf(key),
      'hits',
      'windowEndsAt',
      'blockedUntil',
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
    await this.redis.del(this.keyOf(key));
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  /** Keys carry addresses and emails: hashed, so Redis holds none of them in clear. */
  private keyOf(key: string): string {
    return `${this.prefix}throttle:${createHash('sha256').update(key).digest('base64url')}`;
  }
}
