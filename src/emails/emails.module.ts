import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { EmailStoreModule } from './email-store.module';
import { EmailsController } from './emails.controller';

/** POST /v1/emails. */
@Module({
  imports: [EmailStoreModule, AuthModule],
  controllers: [EmailsController],
  exports: [EmailStoreModule],
})
export class EmailsModule {}
