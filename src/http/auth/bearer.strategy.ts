import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-http-bearer';
import { AccessTokens, InvalidTokenError } from '../../domain/oauth/access-tokens';
import type { Principal } from '../../base/security/principal';
import { REALM } from '../../base/security/principal';

/** Why the bearer token was refused, for the WWW-Authenticate error_description. */
export const BEARER_ERROR = Symbol('bearerError');

/**
 * `Authorization: Bearer <access token>` (docs/api.md#bearer-token-authentication): act as the
 * user who granted access.
 */
@Injectable()
export class BearerStrategy extends PassportStrategy(Strategy, 'bearer') {
  constructor(private readonly tokens: AccessTokens) {
    super({ realm: REALM, passReqToCallback: true });
  }

  async validate(request: Request, token: string): Promise<Principal | false> {
    try {
      return await this.tokens.principalFor(token);
    } catch (error) {
      if (!(error instanceof InvalidTokenError)) throw error;
      (request as Request & { [BEARER_ERROR]?: string })[BEARER_ERROR] = error.message;
      return false;
    }
  }
}
