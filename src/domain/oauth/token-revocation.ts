import { OAuthException } from '@jmondi/oauth2-server';
import { Injectable } from '@nestjs/common';
import { ApplicationsService } from '../applications/applications.service';
import { hashSecret, secretMatches } from '../../base/security/secrets';
import { AccessTokens } from './access-tokens';
import { OAuthStorage } from './oauth-storage';
import { Clock } from '../../platform/config/clock';
import { OAuthCodeRepository } from './repositories/oauth-code.repository';
import { OAuthSessionRepository } from './repositories/oauth-session.repository';
import { OAuthTokenRowRepository } from './repositories/oauth-token-row.repository';
import {
  ClientCredentials,
  clientCredentials,
  Fields,
  REVOKE_PARAMETERS,
  requireStringParameters,
} from './request-parameters';

/**
 * RFC 7009 revocation for access and refresh tokens, with or without token_type_hint.
 * Written here rather than through the library's revoke, which picks a grant by the hint
 * and does not cover hint-less refresh tokens. Revoking either token of a pair revokes
 * its family (the grant), as RFC 7009 2.1 allows and RFC 9700 recommends.
 */
@Injectable()
export class TokenRevocation {
  constructor(
    private readonly tokenRows: OAuthTokenRowRepository,
    private readonly applications: ApplicationsService,
    private readonly accessTokens: AccessTokens,
    private readonly repositories: OAuthStorage,
    private readonly sessions: OAuthSessionRepository,
    private readonly codes: OAuthCodeRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * Everything a user's access rests on, ended for good (a user disabled): login sessions,
   * so an open one cannot complete another authorization; unused codes; every token, so a
   * refresh is invalid_grant and enabling the user later brings none of them back.
   */
  async endUser(userId: string): Promise<void> {
    const now = this.clock.now();
    await this.sessions.deleteByUser(userId);
    await this.codes.spendByUser(userId, now);
    await this.tokenRows.revokeByUser(userId, now);
  }

  async revoke(body: Fields, authorization?: string): Promise<void> {
    const application = await this.authenticateClient(clientCredentials(body, authorization));
    requireStringParameters(body, REVOKE_PARAMETERS);
    const token = body.token as string | undefined;
    if (!token) throw OAuthException.invalidParameter('token');
    const row =
      (await this.tokenRows.findByRefreshHash(hashSecret(token))) ??
      (await this.accessTokens.rowOf(token));
    // Unknown tokens, and tokens of another client, are answered 200 all the same (RFC 7009 2.2).
    if (row && row.applicationId === application.id)
      await this.repositories.revokeFamily(row.familyId);
  }

  private async authenticateClient({ clientId, secret }: ClientCredentials) {
    const application = clientId ? await this.applications.findByClientId(clientId) : null;
    const valid =
      application &&
      (application.clientSecretHash
        ? secretMatches(secret ?? '', application.clientSecretHash)
        : !secret);
    if (!valid) throw OAuthException.invalidClient('Client authentication failed');
    return application!;
  }
}
