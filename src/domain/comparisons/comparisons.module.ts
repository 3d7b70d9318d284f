import { Module } from '@nestjs/common';
import { EmailStoreModule } from '../emails/email-store.module';
import { ComparisonsService } from './comparisons.service';
import { ImageDiffer } from './image-differ';

/** Two emails' captures diffed client by client (served at http/comparisons). */
@Module({
  imports: [EmailStoreModule],
  providers: [ComparisonsService, ImageDiffer],
  exports: [ComparisonsService],
})
export class ComparisonsModule {}
