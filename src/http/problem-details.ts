import type { NextFunction, Request, Response } from 'express';
import type { ErrorBody } from '../base/errors/error-body';

const PROBLEM_JSON = 'application/problem+json';

function isErrorBody(body: unknown): body is ErrorBody {
  const candidate = body as Partial<ErrorBody> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.status === 'number' &&
    typeof candidate.title === 'string'
  );
}

/**
 * Errors as RFC 9457 problem details (`type`, `title`, `status`, `detail`) for a caller whose
 * Accept prefers `application/problem+json` to `application/json`; the contract's body
 * otherwise (no Accept, `*` or JSON first). Applied where every response is sent, so each error
 * of the API (the exception filter's, the body parser's, a middleware's) is answered alike;
 * bodies of another shape (OAuth's RFC 6749 errors) pass unchanged.
 */
export function problemDetails(req: Request, res: Response, next: NextFunction): void {
  if (req.accepts(['application/json', PROBLEM_JSON]) !== PROBLEM_JSON) return next();
  const json = res.json.bind(res);
  res.json = (body: unknown) => {
    if (res.statusCode < 400 || !isErrorBody(body)) return json(body);
    res.type(PROBLEM_JSON);
    return res.send(
      JSON.stringify({
        type: 'about:blank',
        title: body.title,
        status: body.status,
        ...(body.description !== undefined && { detail: body.description }),
      }),
    );
  };
  next();
}
