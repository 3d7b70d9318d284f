import { randomUUID } from 'node:crypto';
import { RedisUnavailableError } from '../../../../src/platform/redis/redis-availability';
import { ManualClock } from '../../../../src/platform/config/clock';
import { MemoryThrottleStore } from '../../../../src/platform/throttling/memory-throttle-store';
import { RedisThrottleStore } from '../../../../src/platform/throttling/redis-throttle-store';
import type { ThrottleStore } from '../../../../src/platform/throttling/throttle-store';
import { freePort } from '../../../support/api-process';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Both adapters obey one rule, timed by the service clock; Redis is the real server. */
describe.each([
  ['memory', (clock: ManualClock) => new MemoryThrottleStore(clock)],
  [
    'redis',
    (clock: ManualClock) => new RedisThrottleStore(REDIS_URL, `test-${randomUUID()}:`, clock),
  ],
])('ThrottleStore (%s)', (_name, make: (clock: ManualClock) => ThrottleStore) => {
  let clock: ManualClock;
  let store: ThrottleStore;
  beforeEach(() => {
    clock = new ManualClock(new Date('2026-11-22T12:00:00Z'));
    store = make(clock);
  });
  afterEach(() => store.close());

  it('counts hits in a window, blocks past the limit, and forgets after the block', async () => {
    for (let hit = 1; hit <= 3; hit++) {
      const state = await store.hit('k', 60_000, 3, 30_000);
      expect(state).toEqual({ hits: hit, windowLeftMs: 60_000, blockedForMs: 0 });
    }
    expect((await store.hit('k', 60_000, 3, 30_000)).blockedForMs).toBe(30_000);
    clock.advance(10_000);
    // Blocked: not counted, and the block does not move.
    expect(await store.hit('k', 60_000, 3, 30_000)).toMatchObject({
      hits: 4,
      blockedForMs: 20_000,
    });
    expect((await store.peek('k')).blockedForMs).toBe(20_000);
    clock.advance(20_000);
    expect((await store.peek('k')).blockedForMs).toBe(0);
    expect(await store.hit('k', 60_000, 3, 30_000)).toEqual({
      hits: 1,
      windowLeftMs: 60_000,
      blockedForMs: 0,
    });
  });

  it('starts a new window when the last one ended', async () => {
    await store.hit('k', 1000, 5, 1000);
    await store.hit('k', 1000, 5, 1000);
    clock.advance(1000);
    expect(await store.peek('k')).toEqual({ hits: 0, windowLeftMs: 0, blockedForMs: 0 });
    expect((await store.hit('k', 1000, 5, 1000)).hits).toBe(1);
  });

  it('keeps keys apart, and resets one', async () => {
    await store.hit('a', 60_000, 0, 5000);
    expect((await store.peek('a')).blockedForMs).toBe(5000);
    expect((await store.peek('b')).blockedForMs).toBe(0);
    await store.reset('a');
    expect(await store.peek('a')).toEqual({ hits: 0, windowLeftMs: 0, blockedForMs: 0 });
  });

  it('answers the @nestjs/throttler storage interface in seconds', async () => {
    const first = await store.increment('key', 60_000, 1, 90_000, 'emails');
    expect(first).toEqual({
      totalHits: 1,
      timeToExpire: 60,
      isBlocked: false,
      timeToBlockExpire: 0,
    });
    const second = await store.increment('key', 60_000, 1, 90_000, 'emails');
    expect(second).toMatchObject({ isBlocked: true, timeToBlockExpire: 90 });
    // Another throttler's counter of the same key is its own.
    expect((await store.increment('key', 60_000, 1, 90_000, 'other')).isBlocked).toBe(false);
  });
});

describe('RedisThrottleStore across processes', () => {
  it('shares one counter between two API processes', async () => {
    const clock = new ManualClock();
    const prefix = `test-${randomUUID()}:`;
    const one = new RedisThrottleStore(REDIS_URL, prefix, clock);
    const two = new RedisThrottleStore(REDIS_URL, prefix, clock);
    try {
      await one.hit('shared', 60_000, 2, 60_000);
      await two.hit('shared', 60_000, 2, 60_000);
      expect((await one.hit('shared', 60_000, 2, 60_000)).blockedForMs).toBe(60_000);
      expect((await two.peek('shared')).blockedForMs).toBe(60_000);
      const racing = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 ? one : two).hit('race', 60_000, 100, 1000)),
      );
      expect(racing.map((state) => state.hits).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
    } finally {
      await one.close();
      await two.close();
    }
  });
});

describe('RedisThrottleStore while Redis is down', () => {
  it('refuses every command at once with RedisUnavailableError, never a raw ioredis error', async () => {
    const nothingListens = `redis://127.0.0.1:${await freePort()}`;
    const store = new RedisThrottleStore(
      nothingListens,
      `test-${randomUUID()}:`,
      new ManualClock(),
    );
    try {
      await expect(store.hit('k', 60_000, 3, 30_000)).rejects.toThrow(RedisUnavailableError);
      await expect(store.peek('k')).rejects.toThrow(RedisUnavailableError);
      await expect(store.reset('k')).rejects.toThrow(RedisUnavailableError);
      await expect(store.ping()).rejects.toThrow(RedisUnavailableError);
      await expect(store.increment('k', 60_000, 3, 30_000, 'emails')).rejects.toThrow(
        RedisUnavailableError,
      );
    } finally {
      await store.close();
    }
  });
});
