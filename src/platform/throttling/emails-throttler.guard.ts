import { ExecutionContext, Injectable } from '@nestjs/common';
import {
  ThrottlerGuard,
  type ThrottlerLimitDetail,
  type ThrottlerRequest,
} from '@nestjs/throttler';
import type { Request, Response } from 'express';
import type { Principal } from '../../base/security/principal';
import { announceRateLimit } from './rate-limit-fields';
import type { ThrottleStore } from './throttle-store';
import { tooManyRequests } from './too-many-requests';

/** The name of the throttler that counts POST /v1/emails per account. */
export const EMAILS_THROTTLER = 'emails';

/**
 * @nestjs/throttler's guard, counting per account rather than per address: it runs after
 * ApiAuthGuard (list it second in @UseGuards), which has put the principal on the request.
 * Every answer carries the IETF RateLimit-Policy and RateLimit fields from the counter as it
 * stands after this request (Redis in scale-out: what every API process counts), the 429
 * too; the library's own X-RateLimit headers are off.
 */
@Injectable()
export class AccountThrottlerGuard extends ThrottlerGuard {
  protected async getTracker(request: Request & { user?: Principal }): Promise<string> {
    return `account:${request.user?.accountId ?? 'anonymous'}`;
  }

  protected async handleRequest(props: ThrottlerRequest): Promise<boolean> {
    const { context, throttler, limit, ttl } = props;
    const { req, res } = this.getRequestResponse(context);
    const key = props.generateKey(context, await props.getTracker(req, context), throttler.name!);
    try {
      return await super.handleRequest(props);
    } finally {
      const state = await (this.storageService as ThrottleStore).peek(`${throttler.name}:${key}`);
      announceRateLimit(res as Response, { name: throttler.name!, limit, windowMs: ttl }, state);
    }
  }

  protected async throwThrottlingException(
    _context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    throw tooManyRequests(
      detail.timeToBlockExpire * 1000,
      `This account may create ${detail.limit} emails per minute (0 remaining for ${detail.timeToBlockExpire} s)`,
    );
  }
}
