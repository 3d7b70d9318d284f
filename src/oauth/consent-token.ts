import { createHmac, timingSafeEqual } from 'node:crypto';

/** The request fields a consent answer is bound to, in a fixed order. */
const BOUND_FIELDS = [
  'response_type',
  'client_id',
  'redirect_uri',
  'state',
  'scope',
  'code_challenge',
  'code_challenge_method',
] as const;

/** An authorization request's fields, as received (query or form). */
type RequestFields = { readonly [name in (typeof BOUND_FIELDS)[number]]?: unknown };

/**
 * The consent form's CSRF token: an HMAC, keyed by the session's secret, of the client and
 * the whole authorization request shown. A token from one application's consent page is
 * worthless for another application or another request (RFC 9700 4.7); the session's key
 * is replaced once a form was answered, so each token serves once.
 */
export function consentToken(sessionKey: string, params: RequestFields): string {
  const bound = BOUND_FIELDS.map((name) =>
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
