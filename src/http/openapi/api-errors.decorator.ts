import { applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import { ErrorBodyDoc, ProblemDetailsDoc } from './error-body.doc';

const MEANING: Record<number, string> = {
  400: 'Invalid input (the description names it)',
  401: 'Missing or wrong credentials',
  403: 'Credentials of another kind, or plain HTTP under an https PUBLIC_URL',
  404: 'Unknown, expired or purged',
  405: 'Method not allowed on this path (Allow names those that are)',
  409: 'A request with the same Idempotency-Key is still running',
  413: 'Body over BODY_LIMIT',
  415: 'Unsupported Content-Type or Content-Encoding',
  422: 'The Idempotency-Key was used with another request',
  429: 'Throttled (Retry-After says for how long)',
  500: "The client's render failed",
  503: 'Overloaded (Retry-After from the queue drain rate)',
  504: 'The render itself ran past CAPTURE_TIMEOUT_MS',
};

/**
 * OpenAPI: these statuses answer the contract's error body, or RFC 9457 problem details when
 * the caller's Accept prefers `application/problem+json` (http/problem-details.ts).
 */
export function ApiErrors(...statuses: (keyof typeof MEANING)[]): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ApiExtraModels(ErrorBodyDoc, ProblemDetailsDoc),
    ...statuses.map((status) =>
      ApiResponse({
        status,
        description: MEANING[status],
        content: {
          'application/json': { schema: { $ref: getSchemaPath(ErrorBodyDoc) } },
          'application/problem+json': { schema: { $ref: getSchemaPath(ProblemDetailsDoc) } },
        },
      }),
    ),
  );
}
