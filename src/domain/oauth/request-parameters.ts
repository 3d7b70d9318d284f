import { OAuthException } from '@jmondi/oauth2-server';
import { parseBasicAuth } from '../../base/security/basic-auth';
import { MalformedParameter } from './oauth-errors';

/** The authorization request's parameters (RFC 6749 4.1.1, RFC 7636 4.3), in a fixed order. */
export const AUTHORIZE_PARAMETERS = [
  'response_type',
  'client_id',
  'redirect_uri',
  'state',
  'scope',
  'code_challenge',
  'code_challenge_method',
] as const;

/** The token endpoint's parameters that this server or the library reads (RFC 6749 4.1.3, 6). */
export const TOKEN_PARAMETERS = [
  'grant_type',
  'code',
  'redirect_uri',
  'code_verifier',
  'refresh_token',
  'scope',
  'audience',
  'aud',
] as const;

/** RFC 7009 2.1. */
export const REVOKE_PARAMETERS = ['token', 'token_type_hint'] as const;

export type Fields = Record<string, unknown>;

/** A request body as named fields; anything else (none, a JSON array) has none. */
export function fieldsOf(body: unknown): Fields {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Fields) : {};
}

/**
 * The first of `names` present as something other than one string: a form field given
 * twice arrives as an array, and a JSON body may carry any value. Checked by hand rather
 * than with class-validator, whose pipe answers in the API's error body: these endpoints
 * answer RFC 6749 bodies or HTML pages.
 */
export function firstMalformed(fields: Fields, names: readonly string[]): string | undefined {
  return names.find((name) => fields[name] !== undefined && typeof fields[name] !== 'string');
}

/** RFC 6749 3.2, 5.2: a parameter given more than once, or not as a string, is invalid_request. */
export function requireStringParameters(fields: Fields, names: readonly string[]): void {
  const malformed = firstMalformed(fields, names);
  if (malformed) throw new MalformedParameter(malformed);
}

export interface ClientCredentials {
  clientId?: string;
  secret?: string;
}

/**
 * The client's credentials: by HTTP Basic, whose user and password are form-urlencoded
 * first (RFC 6749 2.3.1), or else in the body. Credentials that cannot be read fail client
 * authentication (401 invalid_client, RFC 6749 5.2).
 */
export function clientCredentials(fields: Fields, authorization?: string): ClientCredentials {
  const malformed = firstMalformed(fields, ['client_id', 'client_secret']);
  if (malformed) throw OAuthException.invalidClient(`${malformed} must be given once, as a string`);
  const basic = parseBasicAuth(authorization);
  if (!basic) {
    return {
      clientId: fields.client_id as string | undefined,
      secret: fields.client_secret as string | undefined,
    };
  }
  return {
    clientId: formDecoded(basic.user, 'client_id'),
    secret: basic.password === '' ? undefined : formDecoded(basic.password, 'client_secret'),
  };
}

/** application/x-www-form-urlencoded decoding of one value (WHATWG URL 5.1: `+` is a space). */
function formDecoded(value: string, name: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    throw OAuthException.invalidClient(`The ${name} in HTTP Basic is not form-urlencoded`);
  }
}
