import type { RedisOptions } from 'ioredis';
import { within } from '../../base/system/deadline';

/** The longest a request waits on Redis (scale-out) before it is refused. */
export const REDIS_ANSWER_MS = 2000;

/** What a client refused while Redis is down is told to wait before trying again. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Redis did not answer: no connection, a connection lost mid-command, or a command past
 * REDIS_ANSWER_MS. The Redis adapters throw it; the exception filter answers it, once for
 * every path, 503 with Retry-After in the contract's body.
 */
export class RedisUnavailableError extends Error {
  readonly retryAfterSeconds = RETRY_AFTER_SECONDS;

  constructor(reason: string) {
    super(`Redis is unavailable: ${reason}`);
  }
}

/**
 * Every Redis client's reconnection delay: at most 2 s, so that everything works again
 * within 2 s of Redis's return (BullMQ's own default backs off to 20 s).
 */
export function reconnectSteadily(attempts: number): number {
  return Math.min(attempts * 100, 2000);
}

/**
 * ioredis options of the clients that serve requests (throttle counters, the API's queue):
 * while Redis is down a command fails at once, rather than waiting in ioredis's offline
 * queue for a reconnection (BullMQ's "failing fast when Redis is down"). BullMQ's workers
 * and queue events keep their own settings (maxRetriesPerRequest: null, which BullMQ
 * requires of blocking connections): they wait for Redis, no request waits on them.
 */
export const FAIL_FAST_REDIS_OPTIONS = {
  /** No connection: the command is refused at once. */
  enableOfflineQueue: false,
  /** A command in flight when the connection drops fails at once... */
  maxRetriesPerRequest: 0,
  /** ...and is not run later, after its request was answered. */
  autoResendUnfulfilledCommands: false,
  /** Connected, but Redis does not answer (overloaded, a network partition)... */
  commandTimeout: REDIS_ANSWER_MS,
  /** ...or a connection that neither opens nor fails (a host that drops packets). */
  connectTimeout: REDIS_ANSWER_MS,
  retryStrategy: reconnectSteadily,
} satisfies RedisOptions;

/**
 * How ioredis (and BullMQ on it) rejects a command that Redis never answered. They are
 * plain Errors told apart by their message only; what Redis itself answered is a
 * ReplyError, and stays what it is.
 */
const NO_ANSWER_MESSAGES = new Set([
  "Stream isn't writeable and enableOfflineQueue options is false",
  'Command timed out',
  'Connection is closed.',
]);
const NO_ANSWER_NAMES = new Set(['MaxRetriesPerRequestError', 'ConnectionClosedError']);
/** The socket's own errors, as a connection that ended reports its last one. */
const NO_ANSWER_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EPIPE',
]);

function isNoAnswer(error: unknown): error is Error {
  return (
    error instanceof Error &&
    (NO_ANSWER_MESSAGES.has(error.message) ||
      NO_ANSWER_NAMES.has(error.name) ||
      NO_ANSWER_CODES.has((error as NodeJS.ErrnoException).code ?? ''))
  );
}

/** Runs a Redis call; when Redis did not answer it, throws RedisUnavailableError instead. */
export async function whileRedisAnswers<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isNoAnswer(error)) throw new RedisUnavailableError(error.message);
    throw error;
  }
}

/**
 * `waiting` (a first connection, a health check), or RedisUnavailableError once `ms` have
 * passed: BullMQ waits for a first connection without end, and no request may.
 */
export function redisAnswerWithin<T>(waiting: Promise<T>, ms = REDIS_ANSWER_MS): Promise<T> {
  return within(
    whileRedisAnswers(() => waiting),
    ms,
    () => {
      throw new RedisUnavailableError(`no answer within ${ms} ms`);
    },
  );
}

/**
 * The reconnections of the BullMQ clients one component makes (their connection settings
 * take `retryStrategy` from here, and BullMQ copies it into the connections it duplicates):
 * stopped at shutdown, a connection that is down ends instead of trying again. BullMQ's
 * own close and disconnect wait for a connection that is down without end (a QueueEvents
 * or Worker never connected; one whose Redis went away and waits in its backoff), and
 * the retry timer of a connection that never ends keeps the process alive.
 */
export class RedisReconnection {
  private stopped = false;
  readonly retryStrategy = (attempts: number): number | null =>
    this.stopped ? null : reconnectSteadily(attempts);

  stop(): void {
    this.stopped = true;
  }
}

/** How long shutdown waits for a Redis client to close, then for it to disconnect. */
const CLOSE_WAIT_MS = 2000;

/**
 * Closes a BullMQ queue, worker or events client without hanging shutdown on Redis: its
 * connections stop reconnecting, and each step is given CLOSE_WAIT_MS, after which the
 * client is left to end by itself (a connection that is down ends at its next retry).
 * `force`: a worker's active jobs are not waited for (BullMQ hands them on as stalled).
 */
export async function closeWithin(
  client: { close(force?: boolean): Promise<unknown>; disconnect(): Promise<unknown> },
  reconnection: RedisReconnection,
  { force = false } = {},
): Promise<void> {
  reconnection.stop();
  const closed = await within(
    client.close(force).then(
      () => true,
      () => false, // a connection ended by the stopped reconnection rejects what waited on it
    ),
    CLOSE_WAIT_MS,
    () => false,
  );
  if (!closed)
    await within(
      client.disconnect().catch(() => undefined),
      CLOSE_WAIT_MS,
      () => undefined,
    );
}
