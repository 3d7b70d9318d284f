import { ErrorBody, errorBody } from './error-body';

/**
 * The one error vocabulary of the service: a status and a description, in the contract's
 * body over HTTP (extra headers such as WWW-Authenticate or Retry-After travel with it and
 * are set by the exception filter), and an exit code in the admin CLI (400: 2, 404: 3).
 */
export class ApiError extends Error {
  private readonly body: ErrorBody;

  constructor(
    private readonly status: number,
    description?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(description ?? errorBody(status).title);
    this.body = errorBody(status, description);
  }

  /** The HTTP status (the exception filter answers with it; the CLI maps it to an exit code). */
  getStatus(): number {
    return this.status;
  }

  /** The contract's error body. */
  getResponse(): ErrorBody {
    return this.body;
  }

  static badRequest(description: string): ApiError {
    return new ApiError(400, description);
  }

  static notFound(description?: string): ApiError {
    return new ApiError(404, description);
  }
}
