import type { OAuthClient } from '@jmondi/oauth2-server';
import type { Application } from '../applications/application.entity';

export const SCOPE_FULL = { name: 'full' };

/** An application as the OAuth library sees it (the secret field only marks it confidential). */
export function oauthClientOf(application: Application): OAuthClient {
  return {
    id: application.clientId,
    name: application.name,
    secret: application.clientSecretHash,
    redirectUris: application.callbackUris,
    allowedGrants: ['authorization_code', 'refresh_token'],
    scopes: [SCOPE_FULL],
    applicationId: application.id,
    isPublic: application.isPublic,
  };
}
