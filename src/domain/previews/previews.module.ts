import { Module } from '@nestjs/common';
import { EmailStoreModule } from '../emails/email-store.module';
import { PreviewsService } from './previews.service';

/** Previews: a client's capture of an email, waited for or started (the HTTP side: http/previews). */
@Module({
  imports: [EmailStoreModule],
  providers: [PreviewsService],
  exports: [PreviewsService],
})
export class PreviewsModule {}
