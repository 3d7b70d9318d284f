import type { ConnectionOptions } from 'bullmq';
import {
  FAIL_FAST_REDIS_OPTIONS,
  RedisReconnection,
} from '../../../platform/redis/redis-availability';
import type { AppConfig } from '../../../platform/config/app-config';
import type { EngineName } from '../../../platform/config/environment';
import type { AttemptKey } from '../state/capture-attempt';
import { FALLBACK_ENGINE } from '../../../rendering';

/** Chromium's capture jobs: the queue's name from before engines had queues of their own. */
export const CAPTURE_QUEUE = 'captures';

/**
 * A queue per engine: a worker takes the jobs of the engines it runs, and no other (a
 * worker without WebKit never takes an Apple Mail job).
 */
export function captureQueueOf(engine: EngineName): string {
  return engine === FALLBACK_ENGINE ? CAPTURE_QUEUE : `${CAPTURE_QUEUE}-${engine}`;
}
export const MAINTENANCE_QUEUE = 'maintenance';
export const EXPIRY_JOB = 'expiry';

/**
 * BullMQ connection settings from REDIS_URL (BullMQ makes its own ioredis clients), for
 * workers and queue events: a command waits for Redis to come back, as BullMQ requires;
 * `reconnection` is stopped when the clients close (closeWithin).
 */
export function redisConnection(
  config: AppConfig,
  reconnection: RedisReconnection,
): ConnectionOptions {
  const url = new URL(config.redis.url);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    username: url.username || undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : undefined,
    tls: url.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
    retryStrategy: reconnection.retryStrategy,
  };
}

/** The same Redis for a queue that requests use: refused at once while Redis is down. */
export function failFastRedisConnection(
  config: AppConfig,
  reconnection: RedisReconnection,
): ConnectionOptions {
  return {
    ...redisConnection(config, reconnection),
    ...FAIL_FAST_REDIS_OPTIONS,
    retryStrategy: reconnection.retryStrategy,
  };
}

/** A job id per capture attempt: enqueuing the same attempt twice makes one job. */
export const jobIdOf = (attempt: AttemptKey) => `${attempt.captureId}-${attempt.attempt}`;

/** The attempt a capture job id names (jobIdOf read back); null for any other id. */
export function attemptOfJobId(jobId: string): AttemptKey | null {
  const match = /^(.+)-(\d+)$/.exec(jobId);
  return match ? { captureId: match[1], attempt: Number(match[2]) } : null;
}
