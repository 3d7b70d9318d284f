import type { ThrottlerStorage } from '@nestjs/throttler';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** A key's counter: hits in its current window, and until when it is blocked. */
export interface ThrottleState {
  hits: number;
  /** Milliseconds until the window ends (0: no window open). */
  windowLeftMs: number;
  /** Milliseconds until the block ends (0: not blocked). */
  blockedForMs: number;
}

/**
 * The counters behind every throttle, shared by all API processes in scale-out mode (Redis)
 * and kept in memory in embedded mode. It is @nestjs/throttler's storage, so the library's
 * guard runs on it, plus `peek` and `reset` for throttles that count failures only (a
 * request is refused while blocked, counted only once it failed, forgotten once it succeeded).
 *
 * Fixed windows, all timed by the service's Clock. Why not the library's own storages: they
 * read Date.now() (memory) or Redis's clock, and time here comes from one injectable clock,
 * so that lockouts and their recovery are tested by moving time, never by sleeping.
 */
export abstract class ThrottleStore implements ThrottlerStorage {
  /** Counts a hit; past `limit` hits in the window, the key is blocked for `blockMs`. */
  abstract hit(
    key: string,
    windowMs: number,
    limit: number,
    blockMs: number,
  ): Promise<ThrottleState>;
  abstract peek(key: string): Promise<ThrottleState>;
  abstract reset(key: string): Promise<void>;
  abstract close(): Promise<void>;

  /** Throws unless the counters can be reached now (readiness); in memory they always can. */
  async ping(): Promise<void> {}

  /** The library's interface: its guard counts every request it guards. */
  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    const state = await this.hit(`${throttlerName}:${key}`, ttl, limit, blockDuration);
    return {
      totalHits: state.hits,
      timeToExpire: Math.ceil(state.windowLeftMs / 1000),
      isBlocked: state.blockedForMs > 0,
      timeToBlockExpire: Math.ceil(state.blockedForMs / 1000),
    };
  }
}

/** One key's record, as both adapters keep it (absolute times by the service clock). */
export interface ThrottleRecord {
  hits: number;
  windowEndsAt: number;
  blockedUntil: number;
}

/** The counting rule both adapters apply (Redis runs the same steps in a script). */
export function applyHit(
  record: ThrottleRecord | undefined,
  now: number,
  windowMs: number,
  limit: number,
  blockMs: number,
): ThrottleRecord {
  if (record && record.blockedUntil > now) return record; // blocked: not counted
  const fresh = !record || record.windowEndsAt <= now || record.blockedUntil !== 0;
  const next = fresh
    ? { hits: 1, windowEndsAt: now + windowMs, blockedUntil: 0 }
    : { ...record, hits: record.hits + 1 };
  if (next.hits > limit) next.blockedUntil = now + blockMs;
  return next;
}

export function stateOf(record: ThrottleRecord | undefined, now: number): ThrottleState {
  if (!record) return { hits: 0, windowLeftMs: 0, blockedForMs: 0 };
  const blockedForMs = Math.max(0, record.blockedUntil - now);
  const windowLeftMs = Math.max(0, record.windowEndsAt - now);
  return {
    hits: windowLeftMs > 0 || blockedForMs > 0 ? record.hits : 0,
    windowLeftMs,
    blockedForMs,
  };
}
