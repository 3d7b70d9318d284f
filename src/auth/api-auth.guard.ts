import { ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { ApiError } from '../common/api-error';
import { Principal, REALM } from './principal';

/**
 * The strategies that may authenticate an API call, tried in order. The OAuth module
 * adds 'bearer' here (SPEC 5.2).
 */
export const API_STRATEGIES = ['basic'];

/** Guards the authenticated API endpoints; failures leave in the contract's body. */
@Injectable()
export class ApiAuthGuard extends AuthGuard(API_STRATEGIES) {
  handleRequest<T = Principal>(
    error: unknown,
    principal: T,
    _info: unknown,
    _context: ExecutionContext,
  ): T {
    if (error) throw error;
    if (!principal) {
      throw new ApiError(401, 'A valid API key (HTTP Basic username) or bearer token is required', {
        'WWW-Authenticate': `Basic realm="${REALM}"`,
      });
    }
    return principal;
  }
}
