import { Module } from '@nestjs/common';
import { AdminModule } from '../../domain/admin/admin.module';
import { ErasureModule } from '../../domain/erasure/erasure.module';
import { AuthModule } from '../auth/auth.module';
import { AdminAccountsController } from './admin-accounts.controller';
import { AdminApplicationsController } from './admin-applications.controller';

/** The admin API over HTTP, for admin staff keys (the guard is auth's). */
@Module({
  imports: [AdminModule, ErasureModule, AuthModule],
  controllers: [AdminApplicationsController, AdminAccountsController],
})
export class AdminHttpModule {}
