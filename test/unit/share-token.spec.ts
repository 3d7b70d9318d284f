import { hashSecret } from '../../src/base/security/secrets';
import {
  newShareToken,
  shareExpiry,
  shareIsLive,
  shareTokenHash,
} from '../../src/domain/shares/share-token';

const HOUR = 3_600_000;

describe('share tokens', () => {
  it('are 256 random bits with a prefix, stored as their SHA-256', () => {
    const { token, hash } = newShareToken();
    expect(token).toMatch(/^ipsh_[A-Za-z0-9_-]{43}$/);
    expect(hash).toBe(hashSecret(token));
    expect(shareTokenHash(token)).toBe(hash);
    expect(newShareToken().token).not.toBe(token);
  });

  it('are not looked up when they cannot be one', () => {
    expect(shareTokenHash('nothing')).toBeNull();
    expect(shareTokenHash(`ips_${'A'.repeat(43)}`)).toBeNull();
    expect(shareTokenHash(`ipsh_${'A'.repeat(44)}`)).toBeNull();
    expect(shareTokenHash(`ipsh_${'A'.repeat(42)}=`)).toBeNull();
  });
});

describe('share expiry', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  const emailEnds = new Date(now.getTime() + 48 * HOUR);

  it('is the email’s own unless asked earlier', () => {
    expect(shareExpiry(now, emailEnds)).toEqual(emailEnds);
    expect(shareExpiry(now, emailEnds, 2)).toEqual(new Date(now.getTime() + 2 * HOUR));
    expect(shareExpiry(now, emailEnds, 0.5)).toEqual(new Date(now.getTime() + HOUR / 2));
    expect(shareExpiry(now, emailEnds, 100)).toEqual(emailEnds);
  });

  it('ends a share when revoked, expired, or its email expired', () => {
    const share = { expiresAt: new Date(now.getTime() + HOUR), revokedAt: null };
    const email = { expiresAt: emailEnds, expiredAt: null };
    expect(shareIsLive(share, email, now)).toBe(true);
    expect(shareIsLive({ ...share, revokedAt: now }, email, now)).toBe(false);
    expect(shareIsLive(share, email, share.expiresAt)).toBe(false);
    expect(shareIsLive(share, { ...email, expiredAt: now }, now)).toBe(false);
    expect(shareIsLive({ ...share, expiresAt: emailEnds }, email, emailEnds)).toBe(false);
  });
});
