import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * API keys, client secrets and OAuth tokens are 256-bit random values, so a single
 * SHA-256 is the right hash for storage (a slow password hash adds nothing against
 * brute force of such values and would cost every request). Passwords are different
 * and use a slow hash in the users module.
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Constant-time comparison of a presented secret with a stored hash. */
export function secretMatches(presented: string, storedHash: string | null | undefined): boolean {
  if (!storedHash) return false;
  const presentedHash = Buffer.from(hashSecret(presented), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return presentedHash.length === expected.length && timingSafeEqual(presentedHash, expected);
}

/** A random URL-safe token with the given prefix, e.g. `ips_` + 43 characters. */
export function randomToken(prefix: string, bytes = 32): string {
  return prefix + randomBytes(bytes).toString('base64url');
}

/** A short random identifier of lowercase letters and digits (public, not secret). */
export function randomId(length: number): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  const random = randomBytes(length);
  return Array.from(random, (byte) => alphabet[byte % alphabet.length]).join('');
}
