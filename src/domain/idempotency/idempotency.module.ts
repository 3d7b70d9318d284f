import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdempotencyKey } from './idempotency-key.entity';
import { IdempotencyKeyRepository } from './idempotency-key.repository';
import { IdempotentRequests } from './idempotent-requests';

/** Idempotency keys (global: every creating route of the API uses them, expiry purges them). */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([IdempotencyKey])],
  providers: [IdempotencyKeyRepository, IdempotentRequests],
  exports: [IdempotentRequests],
})
export class IdempotencyModule {}
