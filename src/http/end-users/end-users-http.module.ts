import { Module } from '@nestjs/common';
import { ErasureModule } from '../../domain/erasure/erasure.module';
import { AuthModule } from '../auth/auth.module';
import { EndUsersController } from './end-users.controller';

/** Erasure over HTTP: an end user's emails (an email's own: EmailsController). */
@Module({
  imports: [ErasureModule, AuthModule],
  controllers: [EndUsersController],
  exports: [ErasureModule],
})
export class EndUsersHttpModule {}
