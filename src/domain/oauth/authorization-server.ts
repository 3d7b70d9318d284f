import { AuthorizationServer, DateInterval } from '@jmondi/oauth2-server';
import type { AppConfig } from '../../platform/config/app-config';
import type { OAuthStorage } from './oauth-storage';

/**
 * The protocol mechanics come from @jmondi/oauth2-server: authorization-code grant with
 * PKCE (S256 only), refresh-token grant, JSON and form bodies, client authentication by
 * body or HTTP Basic. Codes and refresh tokens are opaque (stored hashed); access tokens
 * are HS256 JWTs whose random `jti` is stored hashed.
 */
export function createAuthorizationServer(
  repositories: OAuthStorage,
  secret: string,
  config: AppConfig,
): AuthorizationServer {
  const server = new AuthorizationServer(
    repositories.clients,
    repositories.tokens,
    repositories.scopes,
    secret,
    {
      requiresPKCE: false, // required per application (public ones) by the authorize glue
      requiresS256: true,
      useOpaqueAuthorizationCodes: true,
      useOpaqueRefreshTokens: true,
      scopeDelimiter: ' ',
      issuer: config.publicUrl,
    },
  );
  const accessTokenTtl = new DateInterval(`${config.ttl.tokenSeconds}s`);
  server.enableGrantType(
    {
      grant: 'authorization_code',
      authCodeRepository: repositories.codes,
      userRepository: repositories.users,
    },
    accessTokenTtl,
  );
  server.enableGrantType('refresh_token', accessTokenTtl);
  server.getGrant<{ authCodeTTL: DateInterval } & ReturnType<AuthorizationServer['getGrant']>>(
    'authorization_code',
  ).authCodeTTL = new DateInterval(`${config.oauth.authCodeSeconds}s`);
  return server;
}
