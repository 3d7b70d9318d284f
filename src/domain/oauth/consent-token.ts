import { createHmac, timingSafeEqual } from 'node:crypto';
import { AUTHORIZE_PARAMETERS } from './request-parameters';

/** An authorization request's fields, as received (query or form). */
type RequestFields = { readonly [name in (typeof AUTHORIZE_PARAMETERS)[number]]?: unknown };

/**
 * The consent form's CSRF token: an HMAC, keyed by the session's secret, of the client and
 * the whole authorization request shown. A token from one application's consent page is
 * worthless for another application or another request (RFC 9700 4.7); the session's key
 * is replaced once a form was answered, so each token serves once.
 */
export function consentToken(sessionKey: string, params: RequestFields): string {
  const bound = AUTHORIZE_PARAMETERS.map((name) =>
    typeof params[name] === 'string' ? params[name] : null,
  );
  return createHmac('sha256', sessionKey).update(JSON.stringify(bound)).digest('base64url');
}

export function consentTokenMatches(
  sessionKey: string,
  params: RequestFields,
  presented: unknown,
): boolean {
  if (typeof presented !== 'string') return false;
  const expected = Buffer.from(consentToken(sessionKey, params));
  const given = Buffer.from(presented);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
