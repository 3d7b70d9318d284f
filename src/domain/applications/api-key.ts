import { hashSecret, randomId, randomToken } from '../../base/security/secrets';

/** Application API keys start `ipk_`, staff keys `ipsk_`. */
export type KeyPrefix = 'ipk_' | 'ipsk_';

/** A key is `<prefix><id>.<secret>`: the id finds the row, the whole key is hashed. */
export function newApiKey(prefix: KeyPrefix = 'ipk_'): { key: string; id: string; hash: string } {
  const id = randomId(12);
  const key = `${prefix}${id}.${randomToken('')}`;
  return { key, id, hash: hashSecret(key) };
}

export function apiKeyId(key: string, prefix: KeyPrefix = 'ipk_'): string | null {
  if (!key.startsWith(prefix)) return null;
  const match = /^([a-z0-9]{12})\.[A-Za-z0-9_-]{43}$/.exec(key.slice(prefix.length));
  return match ? match[1] : null;
}
