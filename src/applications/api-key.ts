import { hashSecret, randomId, randomToken } from '../common/secrets';

const PREFIX = 'ipk_';

/** An API key is `ipk_<id>.<secret>`: the id finds the row, the whole key is hashed. */
export function newApiKey(): { key: string; id: string; hash: string } {
  const id = randomId(12);
  const key = `${PREFIX}${id}.${randomToken('')}`;
  return { key, id, hash: hashSecret(key) };
}

export function apiKeyId(key: string): string | null {
  const match = /^ipk_([a-z0-9]{12})\.[A-Za-z0-9_-]{43}$/.exec(key);
  return match ? match[1] : null;
}
