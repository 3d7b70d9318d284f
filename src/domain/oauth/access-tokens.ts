import { Injectable } from '@nestjs/common';
import jwt from 'jsonwebtoken';
import { ApplicationsService } from '../applications/applications.service';
import { UsersService } from '../applications/users.service';
import type { Principal } from '../../base/security/principal';
import { hashSecret } from '../../base/security/secrets';
import { AppConfig } from '../../platform/config/app-config';
import { Clock } from '../../platform/config/clock';
import { OAuthTokenRow } from './oauth-token.entity';
import { OAuthTokenRowRepository } from './repositories/oauth-token-row.repository';
import { signingSecret } from './signing-secret';

/** Why a bearer token was refused (RFC 6750 error_description). */
export class InvalidTokenError extends Error {}

/**
 * Checks a bearer access token: our signature, then the stored row (by the hash of its
 * jti) is neither revoked nor expired by the service clock. Valid: act as the user who
 * granted access, billed to that user's account (docs/api.md#bearer-token-authentication).
 */
@Injectable()
export class AccessTokens {
  private readonly secret: string;

  constructor(
    private readonly tokenRows: OAuthTokenRowRepository,
    private readonly users: UsersService,
    private readonly applications: ApplicationsService,
    private readonly clock: Clock,
    config: AppConfig,
  ) {
    this.secret = signingSecret(config);
  }

  get signingKey(): string {
    return this.secret;
  }

  async principalFor(token: string): Promise<Principal> {
    let claims: jwt.JwtPayload;
    try {
      // Expiry is judged below against the stored row and the service clock.
      claims = jwt.verify(token, this.secret, {
        algorithms: ['HS256'],
        ignoreExpiration: true,
      }) as jwt.JwtPayload;
    } catch {
      throw new InvalidTokenError('The access token is malformed or not issued here');
    }
    const row = await this.tokenRows.findByAccessHash(hashSecret(String(claims.jti ?? '')));
    if (!row) throw new InvalidTokenError('The access token is unknown');
    if (row.revokedAt) throw new InvalidTokenError('The access token has been revoked');
    if (row.accessExpiresAt <= this.clock.now())
      throw new InvalidTokenError('The access token has expired');
    const user = await this.users.findById(row.userId);
    if (!user) throw new InvalidTokenError('The user who granted this token no longer exists');
    if (user.disabledAt) throw new InvalidTokenError('The user who granted this token is disabled');
    if (!(await this.applications.findById(row.applicationId)))
      throw new InvalidTokenError('The application of this token is disabled');
    return {
      via: 'oauth',
      accountId: user.accountId,
      applicationId: row.applicationId,
      userId: user.id,
    };
  }

  /** The stored row of an access token, by its jti (for revocation). */
  async rowOf(token: string): Promise<OAuthTokenRow | null> {
    const claims = jwt.decode(token) as jwt.JwtPayload | null;
    if (!claims?.jti) return null;
    return this.tokenRows.findByAccessHash(hashSecret(String(claims.jti)));
  }
}
