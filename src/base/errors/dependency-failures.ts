/**
 * What the service stands on failed a request: the database went away (a restart, a
 * failover, a lock held too long) or the disk filled up. Neither is the caller's fault nor
 * a bug: the answer is 503 with Retry-After, and the same request succeeds once it is back.
 */
export type FailedDependency = 'database' | 'storage';

/** PostgreSQL SQLSTATEs of a connection lost or refused (classes 08 and 57P, 53300). */
const POSTGRES_UNAVAILABLE = /^(08\d{3}|57P0[1-4]|53300)$/;
/** "database is not currently accepting connections" (a database closed to connections). */
const POSTGRES_NOT_ACCEPTING = /not currently accepting connections/;
/** node-postgres's own words for a connection that ended or never came. */
const POSTGRES_CLIENT_MESSAGES = /Connection terminated|timeout exceeded when trying to connect/;
/** SQLite result codes (better-sqlite3 `code`) of a busy, full or unreadable database file. */
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|FULL|IOERR|CANTOPEN|READONLY)/;
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'EPIPE']);
const DISK_CODES = new Set(['ENOSPC', 'EDQUOT', 'EROFS']);

/**
 * Which dependency failed, if the error says one did; null for anything else. A refused or
 * reset socket counts as the database's: Redis's are told apart before (RedisUnavailableError).
 */
export function failedDependency(error: unknown): FailedDependency | null {
  if (!(error instanceof Error)) return null;
  // TypeORM wraps the driver's error; the driver's code and message are what tell.
  const driver = (error as { driverError?: unknown }).driverError;
  const cause = driver instanceof Error ? driver : error;
  const code = String((cause as { code?: unknown }).code ?? '');
  if (DISK_CODES.has(code)) return 'storage';
  if (
    SQLITE_UNAVAILABLE.test(code) ||
    POSTGRES_UNAVAILABLE.test(code) ||
    POSTGRES_NOT_ACCEPTING.test(cause.message) ||
    POSTGRES_CLIENT_MESSAGES.test(cause.message) ||
    SOCKET_CODES.has(code)
  )
    return 'database';
  return null;
}
