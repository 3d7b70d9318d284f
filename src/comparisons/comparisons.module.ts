import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { CapturesModule } from '../captures/captures.module';
import { EmailStoreModule } from '../emails/email-store.module';
import { ComparisonsController } from './comparisons.controller';
import { ComparisonsService } from './comparisons.service';
import { ImageDiffer } from './image-differ';

/** POST /v1/comparisons: two emails' captures diffed client by client. */
@Module({
  imports: [EmailStoreModule, AuthModule, CapturesModule],
  controllers: [ComparisonsController],
  providers: [ComparisonsService, ImageDiffer],
})
export class ComparisonsModule {}
