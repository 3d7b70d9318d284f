import { Module } from '@nestjs/common';
import { SharesModule } from '../../domain/shares/shares.module';
import { AuthModule } from '../auth/auth.module';
import { SharePageController } from './share-page.controller';
import { SharesController } from './shares.controller';

/** POST and DELETE /v1/emails/<guid>/shares, and the share page at /s/<token>. */
@Module({
  imports: [SharesModule, AuthModule],
  controllers: [SharesController, SharePageController],
})
export class SharesHttpModule {}
