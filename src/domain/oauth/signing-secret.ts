import { keptSecret } from '../../base/security/kept-secret';
import type { AppConfig } from '../../platform/config/app-config';

/**
 * The HS256 key access tokens are signed with: OAUTH_SIGNING_SECRET, or (embedded mode) a
 * random one made once and kept in DATA_DIR with owner-only permissions.
 */
export function signingSecret(config: AppConfig): string {
  return keptSecret(config.dataDir, config.oauth.signingSecret, 'oauth-signing-secret');
}
