import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { ApiError } from '../base/errors/api-error';
import { failedDependency } from '../base/errors/dependency-failures';
import { errorBody } from '../base/errors/error-body';
import { RedisUnavailableError } from '../platform/redis/redis-availability';

/** What a client is told to wait when the database or the storage failed its request. */
const DEPENDENCY_RETRY_AFTER_S = 5;

/**
 * Every error of the API leaves in the contract's body. Nest's own HttpExceptions (404
 * for an unknown route, for instance) are rewritten; Redis, the database or the disk not
 * answering is a 503 with Retry-After, whichever path needed it (a busy or broken
 * dependency, not the caller's fault); anything else is a logged 500.
 * Modules with their own error format (OAuth, RFC 6749) register a narrower filter.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiError');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (response.headersSent) return;
    if (exception instanceof ApiError) {
      for (const [name, value] of Object.entries(exception.headers))
        response.setHeader(name, value);
      response.status(exception.getStatus()).json(exception.getResponse());
      return;
    }
    if (exception instanceof RedisUnavailableError) {
      // Not logged per request: the Redis clients log the outage itself.
      response.setHeader('Retry-After', String(exception.retryAfterSeconds));
      response
        .status(503)
        .json(errorBody(503, 'Service Unavailable: Redis does not answer, retry shortly'));
      return;
    }
    // After Redis's: a refused socket there is Redis's, told apart above.
    const dependency = failedDependency(exception);
    if (dependency) {
      this.logger.warn(`${dependency} unavailable: ${(exception as Error).message}`);
      response.setHeader('Retry-After', String(DEPENDENCY_RETRY_AFTER_S));
      const what =
        dependency === 'database' ? 'the database does not answer' : 'the storage is full';
      response.status(503).json(errorBody(503, `Service Unavailable: ${what}, retry shortly`));
      return;
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      response.status(status).json(errorBody(status, describe(exception)));
      return;
    }
    this.logger.error(
      exception instanceof Error ? (exception.stack ?? exception.message) : exception,
    );
    response.status(500).json(errorBody(500, 'Unexpected server error'));
  }
}

function describe(exception: HttpException): string | undefined {
  const body = exception.getResponse();
  if (typeof body === 'string') return body;
  const message = (body as { message?: unknown }).message;
  if (Array.isArray(message)) return message.join('; ');
  return typeof message === 'string' ? message : undefined;
}
