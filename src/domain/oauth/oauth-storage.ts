import {
  OAuthException,
  type GrantIdentifier,
  OAuthAuthCode,
  OAuthAuthCodeRepository,
  OAuthClient,
  OAuthClientRepository,
  OAuthScope,
  OAuthScopeRepository,
  OAuthToken,
  OAuthTokenRepository,
  OAuthUser,
  OAuthUserRepository,
} from '@jmondi/oauth2-server';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ApplicationsService } from '../applications/applications.service';
import { hashSecret, randomToken, secretMatches } from '../../base/security/secrets';
import { AppConfig } from '../../platform/config/app-config';
import { Clock } from '../../platform/config/clock';
import { authorizeContext } from './authorize-context';
import { oauthClientOf, SCOPE_FULL } from './oauth-clients';
import { OAuthCodeRepository } from './repositories/oauth-code.repository';
import { OAuthTokenRowRepository } from './repositories/oauth-token-row.repository';

/** Marks a token refreshed from a stored row (see lineageOf). */
const ROTATION = 'rotation:';

/** The storage behind @jmondi/oauth2-server: codes and tokens kept only as SHA-256 hashes. */
@Injectable()
export class OAuthStorage {
  constructor(
    private readonly codeRows: OAuthCodeRepository,
    private readonly tokenRows: OAuthTokenRowRepository,
    private readonly applications: ApplicationsService,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  readonly clients: OAuthClientRepository = {
    getByIdentifier: async (clientId) => {
      const application = await this.applications.findByClientId(clientId);
      return (application ? oauthClientOf(application) : null) as OAuthClient;
    },
    isClientValid: async (_grant: GrantIdentifier, client, secret) =>
      client.secret ? secretMatches(secret ?? '', client.secret) : !secret,
  };

  /**
   * One scope, `full`, which is also the default
   * (docs/api.md#authorization-code-flow-and-scope).
   */
  readonly scopes: OAuthScopeRepository = {
    getAllByIdentifiers: async (names) =>
      names.every((name) => name === 'full') ? [SCOPE_FULL] : [],
    finalize: async (scopes: OAuthScope[]) => (scopes.length ? scopes : [SCOPE_FULL]),
  };

  readonly users: OAuthUserRepository = {
    getUserByCredentials: async (identifier) => ({ id: String(identifier) }) as OAuthUser,
  };

  readonly codes: OAuthAuthCodeRepository = {
    issueAuthCode: (client, user, scopes) => ({
      code: randomToken('ipac_'),
      client,
      user,
      scopes,
      expiresAt: new Date(this.clock.now().getTime() + this.config.oauth.authCodeSeconds * 1000),
    }),
    persist: async (code) => {
      const sent = authorizeContext.getStore()?.redirectUriSent ?? true;
      await this.codeRows.insert({
        id: randomUUID(),
        codeHash: hashSecret(code.code),
        applicationId: code.client.applicationId as string,
        userId: String(code.user!.id),
        redirectUri: sent ? (code.redirectUri ?? null) : null,
        codeChallenge: code.codeChallenge ?? null,
        codeChallengeMethod: code.codeChallengeMethod ?? null,
        scope: code.scopes.map((scope) => scope.name).join(' ') || 'full',
        expiresAt: new Date(this.clock.now().getTime() + this.config.oauth.authCodeSeconds * 1000),
        usedAt: null,
      });
    },
    getByIdentifier: async (code) => {
      const row = await this.codeRows.findByHash(hashSecret(code));
      if (!row) return null as unknown as OAuthAuthCode;
      const application = await this.applications.findById(row.applicationId);
      return {
        code,
        redirectUri: row.redirectUri ?? undefined,
        codeChallenge: row.codeChallenge,
        codeChallengeMethod: row.codeChallengeMethod as OAuthAuthCode['codeChallengeMethod'],
        expiresAt: row.expiresAt,
        user: { id: row.userId },
        client: oauthClientOf(application!),
        scopes: [SCOPE_FULL],
      };
    },
    /** Used or expired (by the service's clock, which tests control). */
    isRevoked: async (code) => {
      const row = await this.codeRows.findByHash(hashSecret(code));
      return !row || row.usedAt !== null || row.expiresAt <= this.clock.now();
    },
    /**
     * Spends the code: the library calls this last, once the exchange's tokens are stored.
     * A request that finds the code already spent by a concurrent one is a second use: its
     * failure revokes the family, the winner's tokens included (RFC 6749 4.1.2).
     */
    revoke: async (code) => {
      const codeHash = hashSecret(code);
      if (await this.codeRows.markUsed(codeHash, this.clock.now())) return;
      await this.revokeFamily(codeHash);
      throw OAuthException.invalidGrant('The authorization code has already been used');
    },
  };

  /**
   * RFC 9700 2.1.1: a token request carrying a code_verifier for a code issued without a
   * code_challenge is refused (PKCE downgrade). The library only checks a verifier when the
   * code has a challenge, so this runs before it.
   */
  async refusePkceDowngrade(body: Record<string, unknown>): Promise<void> {
    if (body.grant_type !== 'authorization_code') return;
    if (typeof body.code !== 'string' || body.code_verifier === undefined) return;
    const row = await this.codeRows.findByHash(hashSecret(body.code));
    if (row && !row.codeChallenge) {
      throw OAuthException.invalidGrant(
        'code_verifier given for a code issued without code_challenge (PKCE downgrade)',
      );
    }
  }

  readonly tokens: OAuthTokenRepository = {
    issueToken: async (client, scopes, user) => ({
      accessToken: randomToken('ipat_'),
      accessTokenExpiresAt: new Date(
        this.clock.now().getTime() + this.config.ttl.tokenSeconds * 1000,
      ),
      refreshToken: null,
      refreshTokenExpiresAt: null,
      client,
      user,
      scopes,
    }),
    /** Called after the access token was persisted: adds the refresh token to its row. */
    issueRefreshToken: async (token) => {
      const refreshToken = randomToken('iprt_');
      const refreshTokenExpiresAt = new Date(
        this.clock.now().getTime() + this.config.oauth.refreshTokenDays * 86_400_000,
      );
      await this.tokenRows.addRefreshToken(
        hashSecret(token.accessToken),
        hashSecret(refreshToken),
        refreshTokenExpiresAt,
      );
      return { ...token, refreshToken, refreshTokenExpiresAt };
    },
    /** Stores a token, then spends the refresh token it was refreshed with, if any. */
    persist: async (token) => {
      const now = this.clock.now().getTime();
      const lineage = lineageOf(token.originatingAuthCodeId!);
      await this.tokenRows.insert({
        id: randomUUID(),
        accessHash: hashSecret(token.accessToken),
        refreshHash: null,
        applicationId: token.client.applicationId as string,
        userId: String(token.user!.id),
        familyId: lineage.familyId,
        scope: token.scopes.map((scope) => scope.name).join(' ') || 'full',
        accessExpiresAt: new Date(now + this.config.ttl.tokenSeconds * 1000),
        refreshExpiresAt: null,
        revokedAt: null,
        createdAt: new Date(now),
      });
      if (lineage.rotatedRowId)
        await this.spendRefreshToken(lineage.familyId, lineage.rotatedRowId);
    },
    /**
     * Rotation. The library calls this before the successor is stored; the refresh token is
     * spent after that instead (persist), so that a refresh losing a race revokes a family
     * that already holds the winner's token, as with codes.
     */
    revoke: async () => undefined,
    /** A code used twice: everything issued from it is revoked. */
    revokeDescendantsOf: async (code) => this.revokeFamily(hashSecret(code)),
    /** A spent refresh token used again revokes the whole family (RFC 9700 4.14.2). */
    isRefreshTokenRevoked: async (token) => {
      const row = await this.tokenRows.findByRefreshHash(hashSecret(token.refreshToken ?? ''));
      if (!row) return true;
      if (row.revokedAt) {
        await this.revokeFamily(row.familyId);
        return true;
      }
      return row.refreshExpiresAt !== null && row.refreshExpiresAt <= this.clock.now();
    },
    getByRefreshToken: async (refreshToken) => {
      const row = await this.tokenRows.findByRefreshHash(hashSecret(refreshToken));
      if (!row) throw OAuthException.invalidGrant('Unknown refresh token');
      const application = await this.applications.findById(row.applicationId);
      return {
        accessToken: '',
        accessTokenExpiresAt: row.accessExpiresAt,
        refreshToken,
        refreshTokenExpiresAt: row.refreshExpiresAt,
        client: oauthClientOf(application!),
        user: { id: row.userId },
        scopes: [SCOPE_FULL],
        originatingAuthCodeId: `${ROTATION}${row.familyId}/${row.id}`,
      } as OAuthToken;
    },
  };

  async revokeFamily(familyId: string): Promise<void> {
    await this.tokenRows.revokeFamily(familyId, this.clock.now());
  }

  /** Of refreshes racing with one refresh token, the loser is a reuse (RFC 9700 4.14.2). */
  private async spendRefreshToken(familyId: string, rowId: string): Promise<void> {
    if (await this.tokenRows.revoke(rowId, this.clock.now())) return;
    await this.revokeFamily(familyId);
    throw OAuthException.invalidGrant('The refresh token has already been used');
  }
}

/**
 * Where a token comes from, as the library carries it (`originatingAuthCodeId`): a code,
 * whose hash names the family, or a refreshed token row, `rotation:<family>/<row id>`.
 */
function lineageOf(originating: string): { familyId: string; rotatedRowId?: string } {
  if (!originating.startsWith(ROTATION)) return { familyId: hashSecret(originating) };
  const [familyId, rotatedRowId] = originating.slice(ROTATION.length).split('/');
  return { familyId, rotatedRowId };
}
