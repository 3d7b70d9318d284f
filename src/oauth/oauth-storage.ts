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
import { hashSecret, randomToken, secretMatches } from '../common/secrets';
import { AppConfig } from '../config/app-config';
import { Clock } from '../config/clock';
import { authorizeContext } from './authorize-context';
import { oauthClientOf, SCOPE_FULL } from './oauth-clients';
import { OAuthCodeRepository } from './repositories/oauth-code.repository';
import { OAuthTokenRowRepository } from './repositories/oauth-token-row.repository';

const FAMILY = 'family:';

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

  /** One scope, `full`, which is also the default (SPEC 5.5). */
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
    revoke: async (code) => {
      await this.codeRows.markUsed(hashSecret(code), this.clock.now());
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
    persist: async (token) => {
      const now = this.clock.now().getTime();
      await this.tokenRows.insert({
        id: randomUUID(),
        accessHash: hashSecret(token.accessToken),
        refreshHash: null,
        applicationId: token.client.applicationId as string,
        userId: String(token.user!.id),
        familyId: familyOf(token.originatingAuthCodeId!),
        scope: token.scopes.map((scope) => scope.name).join(' ') || 'full',
        accessExpiresAt: new Date(now + this.config.ttl.tokenSeconds * 1000),
        refreshExpiresAt: null,
        revokedAt: null,
        createdAt: new Date(now),
      });
    },
    /** Rotation: the refreshed token is revoked (so its refresh token is spent). */
    revoke: async (token) => {
      const match = token.refreshToken
        ? { refreshHash: hashSecret(token.refreshToken) }
        : { accessHash: hashSecret(token.accessToken) };
      await this.tokenRows.revoke(match, this.clock.now());
    },
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
        originatingAuthCodeId: `${FAMILY}${row.familyId}`,
        rowId: row.id,
      } as OAuthToken;
    },
  };

  async revokeFamily(familyId: string): Promise<void> {
    await this.tokenRows.revokeFamily(familyId, this.clock.now());
  }
}

/** The family of a token: the hash of the code it descends from, carried across refreshes. */
function familyOf(originating: string): string {
  return originating.startsWith(FAMILY)
    ? originating.slice(FAMILY.length)
    : hashSecret(originating);
}
