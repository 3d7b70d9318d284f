import { ErrorType, isOAuthError, OAuthException } from '@jmondi/oauth2-server';

export interface Rfc6749Error {
  status: number;
  body: { error: string; error_description: string };
}

/**
 * A parameter given more than once or not as a string (RFC 6749 3.2): invalid_request,
 * naming it, even when it is the code or the refresh token.
 */
export class MalformedParameter extends OAuthException {
  constructor(name: string) {
    super(
      'The request includes a parameter more than once, or is otherwise malformed',
      ErrorType.InvalidRequest,
      `The ${name} parameter must be given once, as a string`,
    );
  }
}

/** Descriptions of the library's that mean "the grant (code or refresh token) is not good". */
const GRANT_PROBLEM =
  /expired or revoked|not issued to this client|redirect URI|redirect_uri|Token has|Token is not linked|Token missing|code challenge|verify code challenge|code_verifier|`code`|`refresh_token`/i;

/**
 * The library's exceptions as RFC 6749 section 5.2 bodies. Where the library says
 * invalid_request about a code, refresh token, redirect_uri or PKCE verifier that was
 * sent, RFC 6749 4.1.3/6 and RFC 7636 4.6 say invalid_grant.
 */
export function toRfc6749(error: unknown, sent: (name: string) => boolean): Rfc6749Error {
  if (!isOAuthError(error)) {
    return {
      status: 500,
      body: { error: 'server_error', error_description: 'Unexpected server error' },
    };
  }
  const description = error.errorDescription ?? error.message;
  let code: string = error.errorType;
  const fromLibrary = !(error instanceof MalformedParameter);
  if (code === 'invalid_request' && fromLibrary && GRANT_PROBLEM.test(description)) {
    const about = ['code', 'refresh_token', 'redirect_uri', 'code_verifier'].find((name) =>
      description.includes(name),
    );
    if (
      !about ||
      sent(about) ||
      about === 'redirect_uri' ||
      /expired|revoked|verify/i.test(description)
    )
      code = 'invalid_grant';
  }
  return {
    status: code === 'invalid_client' ? 401 : error.status >= 500 ? 500 : 400,
    body: { error: code, error_description: description },
  };
}
