import { ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request, Response } from 'express';
import { ApiError } from '../../base/errors/api-error';
import { BEARER_ERROR } from './bearer.strategy';
import { Principal, REALM } from '../../base/security/principal';
import { AuthFailures } from '../../platform/throttling/auth-failures';

/**
 * The strategies that may authenticate an API call: API key (docs/api.md#api-key-authentication),
 * OAuth token (docs/api.md#bearer-token-authentication).
 */
export const API_STRATEGIES = ['basic', 'bearer'];

/** Guards the authenticated API endpoints; failures leave in the contract's body. */
@Injectable()
export class ApiAuthGuard extends AuthGuard(API_STRATEGIES) {
  constructor(private readonly failures: AuthFailures) {
    super();
  }

  /** Wrong credentials are counted per address; over the limit, 429 before any lookup. */
  canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    if (!request.headers.authorization) return super.canActivate(context) as Promise<boolean>;
    const response = context.switchToHttp().getResponse<Response>();
    return this.failures.guard(
      request,
      response,
      () => super.canActivate(context) as Promise<boolean>,
    );
  }

  handleRequest<T = Principal>(
    error: unknown,
    principal: T,
    _info: unknown,
    context: ExecutionContext,
  ): T {
    if (error) throw error;
    if (principal) return principal;
    const request = context.switchToHttp().getRequest<Request & { [BEARER_ERROR]?: string }>();
    if (/^Bearer /i.test(request.headers.authorization ?? '')) {
      const description = request[BEARER_ERROR] ?? 'The access token is invalid';
      throw new ApiError(401, description, {
        'WWW-Authenticate': `Bearer realm="${REALM}", error="invalid_token", error_description="${description}"`,
      });
    }
    throw new ApiError(401, 'A valid API key (HTTP Basic username) or bearer token is required', {
      'WWW-Authenticate': `Basic realm="${REALM}"`,
    });
  }
}
