import { OAuthException } from '@jmondi/oauth2-server';
import { Injectable } from '@nestjs/common';
import { ApplicationsService } from '../applications/applications.service';
import { parseBasicAuth } from '../common/basic-auth';
import { hashSecret, secretMatches } from '../common/secrets';
import { AccessTokens } from './access-tokens';
import { OAuthStorage } from './oauth-storage';
import { OAuthTokenRowRepository } from './repositories/oauth-token-row.repository';

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
  ) {}

  async revoke(body: Record<string, unknown>, authorization?: string): Promise<void> {
    const application = await this.authenticateClient(body, authorization);
    const token = typeof body.token === 'string' ? body.token : '';
    if (!token) throw OAuthException.invalidParameter('token');
    const row =
      (await this.tokenRows.findByRefreshHash(hashSecret(token))) ??
      (await this.accessTokens.rowOf(token));
    // Unknown tokens, and tokens of another client, are answered 200 all the same (RFC 7009 2.2).
    if (row && row.applicationId === application.id)
      await this.repositories.revokeFamily(row.familyId);
  }

  private async authenticateClient(body: Record<string, unknown>, authorization?: string) {
    let clientId = typeof body.client_id === 'string' ? body.client_id : undefined;
    let secret = typeof body.client_secret === 'string' ? body.client_secret : undefined;
    const basic = parseBasicAuth(authorization);
    if (basic) {
      // RFC 6749 2.3.1: client credentials in Basic are form-urlencoded first.
      clientId = decodeURIComponent(basic.user);
      secret = basic.password === '' ? undefined : decodeURIComponent(basic.password);
    }
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
