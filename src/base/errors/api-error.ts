import { HttpException } from '@nestjs/common';
import { errorBody } from './error-body';

/**
 * The one error vocabulary of the service: a status and a description, in the contract's
 * body over HTTP (extra headers such as WWW-Authenticate or Retry-After travel with it and
 * are set by the exception filter), and an exit code in the admin CLI (400: 2, 404: 3).
 */
export class ApiError extends HttpException {
  constructor(
    status: number,
    description?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(errorBody(status, description), status);
    this.message = description ?? errorBody(status).title;
  }

  static badRequest(description: string): ApiError {
    return new ApiError(400, description);
  }

  static notFound(description?: string): ApiError {
    return new ApiError(404, description);
  }
}
