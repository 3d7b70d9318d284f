import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { EmailStoreModule } from '../../domain/emails/email-store.module';
import { ErasureModule } from '../../domain/erasure/erasure.module';
import { EmailsController } from './emails.controller';

/** POST /v1/emails and its resources over HTTP (the emails themselves: domain/emails). */
@Module({
  imports: [EmailStoreModule, ErasureModule, AuthModule],
  controllers: [EmailsController],
  exports: [EmailStoreModule],
})
export class EmailsHttpModule {}
