import { HttpException } from '@nestjs/common';
import { errorBody } from './error-body';

/**
 * An HTTP error in the contract's body. Extra headers (WWW-Authenticate, Retry-After)
 * travel with it and are set by the exception filter.
 */
export class ApiError extends HttpException {
  constructor(
    status: number,
    description?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(errorBody(status, description), status);
  }

  static badRequest(description: string): ApiError {
    return new ApiError(400, description);
  }

  static notFound(description?: string): ApiError {
    return new ApiError(404, description);
  }
}
