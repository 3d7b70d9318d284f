import { applyDecorators, UseInterceptors } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import { ApiErrors } from '../openapi/api-errors.decorator';
import { IdempotencyInterceptor } from './idempotency.interceptor';

/** A creating route that honours Idempotency-Key (IdempotencyInterceptor). */
export function Idempotent(): MethodDecorator {
  return applyDecorators(
    UseInterceptors(IdempotencyInterceptor),
    ApiHeader({
      name: 'Idempotency-Key',
      required: false,
      description:
        'Retry safely: the same request with the same key within 24 hours answers the first answer again (header Idempotent-Replayed: true) and creates and bills nothing new. 1-255 visible ASCII characters, bare or quoted.',
    }),
    ApiErrors(409, 422),
  );
}
