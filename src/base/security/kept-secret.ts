import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A secret from configuration or, where none is configured (embedded mode: scale-out
 * requires every shared secret, config/environment.ts), a random one made once and kept in
 * `dataDir` (DATA_DIR) under `file` with owner-only permissions, the same at every start.
 */
export function keptSecret(dataDir: string, configured: string | undefined, file: string): string {
  if (configured) return configured;
  const path = join(dataDir, file);
  if (!existsSync(path)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
    chmodSync(path, 0o600);
  }
  return readFileSync(path, 'utf8').trim();
}
