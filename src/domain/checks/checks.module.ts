import { Module } from '@nestjs/common';
import { EmailStoreModule } from '../emails/email-store.module';
import { ClientCatalog, clientCatalog } from '../../rendering';
import { ChecksService } from './checks.service';

/** Pre-send findings from an email and its captures (served at http/checks). */
@Module({
  imports: [EmailStoreModule],
  providers: [ChecksService, { provide: ClientCatalog, useValue: clientCatalog }],
  exports: [ChecksService],
})
export class ChecksModule {}
