import { ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerLimitDetail } from '@nestjs/throttler';
import type { Request } from 'express';
import type { Principal } from '../../base/security/principal';
import { tooManyRequests } from './too-many-requests';

/** The name of the throttler that counts POST /v1/emails per account. */
export const EMAILS_THROTTLER = 'emails';

/**
 * @nestjs/throttler's guard, counting per account rather than per address: it runs after
 * ApiAuthGuard (list it second in @UseGuards), which has put the principal on the request.
 */
@Injectable()
export class AccountThrottlerGuard extends ThrottlerGuard {
  protected async getTracker(request: Request & { user?: Principal }): Promise<string> {
    return `account:${request.user?.accountId ?? 'anonymous'}`;
  }

  protected async throwThrottlingException(
    _context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    throw tooManyRequests(
      detail.timeToBlockExpire * 1000,
      `This account may create ${detail.limit} emails per minute`,
    );
  }
}
