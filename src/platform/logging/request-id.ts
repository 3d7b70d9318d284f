import type { PinoLogger } from 'nestjs-pino';
import { storage, Store } from 'nestjs-pino/storage';

/** The id of the request this code runs for (pino-http's reqId), if any. */
export function currentRequestId(): string | undefined {
  const reqId = storage.getStore()?.logger.bindings().reqId as unknown;
  return typeof reqId === 'string' ? reqId : undefined;
}

/**
 * Runs `work` with every log line bound to `requestId`: a capture job carries the id of the
 * request that started it, so the worker's log lines for it can be joined to that request's.
 * `logger` is any PinoLogger of this process: out of a request, it is the root logger.
 */
export function withRequestId<T>(
  logger: PinoLogger,
  requestId: string | undefined,
  work: () => Promise<T>,
): Promise<T> {
  if (!requestId) return work();
  return storage.run(new Store(logger.logger.child({ reqId: requestId })), work);
}
