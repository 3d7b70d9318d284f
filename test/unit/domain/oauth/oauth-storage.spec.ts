import type { OAuthToken } from '@jmondi/oauth2-server';
import type { DataSource } from 'typeorm';
import { Account } from '../../../../src/domain/applications/account.entity';
import { Application } from '../../../../src/domain/applications/application.entity';
import type { ApplicationsService } from '../../../../src/domain/applications/applications.service';
import { User } from '../../../../src/domain/applications/user.entity';
import { hashSecret } from '../../../../src/base/security/secrets';
import type { AppConfig } from '../../../../src/platform/config/app-config';
import { ManualClock } from '../../../../src/platform/config/clock';
import { oauthClientOf, SCOPE_FULL } from '../../../../src/domain/oauth/oauth-clients';
import { OAuthCode } from '../../../../src/domain/oauth/oauth-code.entity';
import { OAuthStorage } from '../../../../src/domain/oauth/oauth-storage';
import { OAuthTokenRow } from '../../../../src/domain/oauth/oauth-token.entity';
import { OAuthCodeRepository } from '../../../../src/domain/oauth/repositories/oauth-code.repository';
import { OAuthTokenRowRepository } from '../../../../src/domain/oauth/repositories/oauth-token-row.repository';
import { memoryDatabase } from '../../../support/memory-database';

const DAY = 86_400_000;

describe('OAuth storage (real SQLite in memory)', () => {
  let db: DataSource;
  let storage: OAuthStorage;
  const clock = new ManualClock(new Date('2026-11-22T12:00:00Z'));
  const application = {
    id: 'application-1',
    name: 'Integrator',
    accountId: 'account-1',
    clientId: 'client-1',
    clientSecretHash: null,
    apiKeyId: 'key-1',
    apiKeyHash: 'x'.repeat(64),
    callbackUris: ['https://integrator.example/cb'],
    isPublic: false,
    createdAt: clock.now(),
  } as Application;
  const client = oauthClientOf(application);
  const user = { id: 'user-1' };

  beforeEach(async () => {
    db = await memoryDatabase();
    await db
      .getRepository(Account)
      .insert({ id: 'account-1', kind: 'application', name: 'A', createdAt: clock.now() });
    await db.getRepository(Application).insert(application);
    await db.getRepository(User).insert({
      id: 'user-1',
      email: 'reader@example.com',
      name: 'Reader',
      passwordHash: 'argon2-hash',
      accountId: 'account-1',
      createdAt: clock.now(),
    });
    const applications = { findById: async () => application } as unknown as ApplicationsService;
    const config = {
      oauth: { refreshTokenDays: 30, authCodeSeconds: 600 },
      ttl: { tokenSeconds: 7200 },
    } as unknown as AppConfig;
    storage = new OAuthStorage(
      new OAuthCodeRepository(db.getRepository(OAuthCode)),
      new OAuthTokenRowRepository(db.getRepository(OAuthTokenRow)),
      applications,
      config,
      clock,
    );
  });
  afterEach(() => db.destroy());

  /** An access token with its refresh token, issued from a code or from a refreshed token. */
  async function issue(originatingAuthCodeId: string): Promise<OAuthToken> {
    const token = await storage.tokens.issueToken(client, [SCOPE_FULL], user);
    await storage.tokens.persist({ ...token, originatingAuthCodeId });
    return storage.tokens.issueRefreshToken({ ...token, originatingAuthCodeId }, client);
  }
  const revokedRows = async () =>
    (await db.getRepository(OAuthTokenRow).find()).filter((row) => row.revokedAt !== null).length;

  it('keeps codes and tokens only as hashes', async () => {
    const code = await storage.codes.issueAuthCode(client, user, [SCOPE_FULL]);
    await storage.codes.persist(code);
    const token = await issue(code.code);
    const [codeRow] = await db.getRepository(OAuthCode).find();
    const [tokenRow] = await db.getRepository(OAuthTokenRow).find();
    expect(codeRow.codeHash).toBe(hashSecret(code.code));
    expect(JSON.stringify([codeRow, tokenRow])).not.toContain(code.code);
    expect(JSON.stringify(tokenRow)).not.toContain(token.accessToken);
    expect(JSON.stringify(tokenRow)).not.toContain(token.refreshToken!);
  });

  it('a code is single use, and a reused code revokes everything issued from it', async () => {
    const code = await storage.codes.issueAuthCode(client, user, [SCOPE_FULL]);
    await storage.codes.persist(code);
    expect(await storage.codes.isRevoked(code.code)).toBe(false);
    await storage.codes.revoke(code.code); // the first exchange spends it
    expect(await storage.codes.isRevoked(code.code)).toBe(true);
    await issue(code.code);
    await storage.tokens.revokeDescendantsOf?.(code.code); // what the server does on reuse
    expect(await revokedRows()).toBe(1);
  });

  it('a code spent by a concurrent exchange fails the other one, which revokes the family', async () => {
    const code = await storage.codes.issueAuthCode(client, user, [SCOPE_FULL]);
    await storage.codes.persist(code);
    // Both requests found the code unused and stored their tokens; then each spends it.
    await issue(code.code);
    await issue(code.code);
    await storage.codes.revoke(code.code);
    await expect(storage.codes.revoke(code.code)).rejects.toMatchObject({
      errorType: 'invalid_grant',
    });
    expect(await revokedRows()).toBe(2);
  });

  it('a refresh token spent by a concurrent refresh fails the other one, which revokes the family', async () => {
    const first = await issue('code-3');
    const refreshed = await storage.tokens.getByRefreshToken(first.refreshToken!);
    // Both requests found the refresh token unspent; each stores a successor, then spends it.
    await issue(refreshed.originatingAuthCodeId!);
    await expect(issue(refreshed.originatingAuthCodeId!)).rejects.toMatchObject({
      errorType: 'invalid_grant',
    });
    expect(await revokedRows()).toBe(3);
  });

  it('a code expires by the service clock', async () => {
    const code = await storage.codes.issueAuthCode(client, user, [SCOPE_FULL]);
    await storage.codes.persist(code);
    clock.advance(601_000);
    expect(await storage.codes.isRevoked(code.code)).toBe(true);
    clock.advance(-601_000);
  });

  it('refresh rotates within a family, and a spent refresh token used again revokes the family', async () => {
    const first = await issue('code-1');
    const refreshed = await storage.tokens.getByRefreshToken(first.refreshToken!);
    expect(await storage.tokens.isRefreshTokenRevoked(refreshed)).toBe(false);
    await storage.tokens.revoke(refreshed);
    expect(await revokedRows()).toBe(0); // spent only once the successor is stored
    const second = await issue(refreshed.originatingAuthCodeId!);
    const rows = await db.getRepository(OAuthTokenRow).find();
    expect(new Set(rows.map((row) => row.familyId)).size).toBe(1);
    expect(await revokedRows()).toBe(1);
    // The spent one comes back: reuse detected, the whole family (the new token too) goes.
    expect(await storage.tokens.isRefreshTokenRevoked({ ...first })).toBe(true);
    expect(await revokedRows()).toBe(2);
    expect(await storage.tokens.isRefreshTokenRevoked({ ...second })).toBe(true);
  });

  it('a refresh token expires by the service clock', async () => {
    const token = await issue('code-2');
    clock.advance(31 * DAY);
    expect(await storage.tokens.isRefreshTokenRevoked(token)).toBe(true);
    clock.advance(-31 * DAY);
  });
});
