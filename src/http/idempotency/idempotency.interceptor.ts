import {
  CallHandler,
  ExecutionContext,
  HttpStatus,
  Injectable,
  NestInterceptor,
} from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { catchError, mergeMap, Observable, of } from 'rxjs';
import { ApiError } from '../../base/errors/api-error';
import type { Principal } from '../../base/security/principal';
import type { StaffKey } from '../../domain/applications/staff-key.entity';
import { IdempotentRequests } from '../../domain/idempotency/idempotent-requests';
import { idempotencyKeyOf } from './idempotency-key-header';
import { requestFingerprint } from './request-fingerprint';

type CallerRequest = Request & { user?: Principal; staff?: StaffKey };

/**
 * A creating route with an Idempotency-Key: the first request runs and its answer is kept;
 * the same request again within 24 hours gets that answer with `Idempotent-Replayed: true`
 * and runs nothing (nothing is billed again); another request under the key is 422, and one
 * while the first still runs is 409. A request that fails gives its key up, so a retry runs.
 * Runs after the guards: an unauthenticated or throttled request claims no key.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly requests: IdempotentRequests,
    private readonly reflector: Reflector,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const request = context.switchToHttp().getRequest<CallerRequest>();
    const header = request.headers['idempotency-key'];
    if (header === undefined) return next.handle();
    const key = idempotencyKeyOf(header);
    const claim = await this.requests.claim(callerOf(request), key, requestFingerprint(request));
    switch (claim.kind) {
      case 'mismatch':
        throw new ApiError(
          422,
          'This Idempotency-Key was used with another request: use a new key for a new request',
        );
      case 'running':
        throw new ApiError(
          409,
          'A request with this Idempotency-Key is still running: retry once it has answered',
        );
      case 'replay':
        context.switchToHttp().getResponse<Response>().setHeader('Idempotent-Replayed', 'true');
        return of(claim.body);
    }
    const status =
      this.reflector.get<number | undefined>(HTTP_CODE_METADATA, context.getHandler()) ??
      HttpStatus.CREATED;
    return next.handle().pipe(
      mergeMap(async (body: unknown) => {
        await this.requests.answer(claim.id, status, body);
        return body;
      }),
      catchError(async (error: unknown) => {
        await this.requests.release(claim.id);
        throw error;
      }),
    );
  }
}

/** Keys are the caller's own: an account's (API key or OAuth token), or a staff key's. */
function callerOf(request: CallerRequest): string {
  if (request.user) return `account:${request.user.accountId}`;
  if (request.staff) return `staff:${request.staff.id}`;
  throw new Error('an idempotent route must sit behind an authenticating guard');
}
