import { hashSecret, randomToken } from '../../base/security/secrets';

/** What a share token starts with, so a leaked one is recognisable (client secrets are `ips_`). */
export const SHARE_TOKEN_PREFIX = 'ipsh_';

const HOUR = 3_600_000;
/** A token as a share URL carries it: the prefix and 43 base64url characters. */
const TOKEN_SHAPE = /^ipsh_[A-Za-z0-9_-]{43}$/;

/** A new share token (256 random bits) and the hash the table keeps of it. */
export function newShareToken(): { token: string; hash: string } {
  const token = randomToken(SHARE_TOKEN_PREFIX, 32);
  return { token, hash: hashSecret(token) };
}

/** The hash to look a presented token up by; null when it cannot be one of ours. */
export function shareTokenHash(presented: string): string | null {
  return TOKEN_SHAPE.test(presented) ? hashSecret(presented) : null;
}

/**
 * When a share made now ends: with its email, or after `hours` when that comes first.
 * A share never outlives the email it shows.
 */
export function shareExpiry(now: Date, emailExpiresAt: Date, hours?: number): Date {
  if (hours === undefined) return emailExpiresAt;
  const asked = now.getTime() + hours * HOUR;
  return new Date(Math.min(asked, emailExpiresAt.getTime()));
}

/** Whether a share shows its page at `now`: not revoked, not expired, its email not expired. */
export function shareIsLive(
  share: { expiresAt: Date; revokedAt: Date | null },
  email: { expiresAt: Date; expiredAt: Date | null },
  now: Date,
): boolean {
  return (
    share.revokedAt === null &&
    share.expiresAt > now &&
    email.expiredAt === null &&
    email.expiresAt > now
  );
}
