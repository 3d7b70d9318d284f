import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '../config/app-config';

/**
 * The HS256 key access tokens are signed with: OAUTH_SIGNING_SECRET, or (embedded mode) a
 * random one made once and kept in DATA_DIR with owner-only permissions.
 */
export function signingSecret(config: AppConfig): string {
  if (config.oauth.signingSecret) return config.oauth.signingSecret;
  const path = join(config.dataDir, 'oauth-signing-secret');
  if (!existsSync(path)) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(path, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
    chmodSync(path, 0o600);
  }
  return readFileSync(path, 'utf8').trim();
}
