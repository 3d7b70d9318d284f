import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClientCatalog, clientCatalog } from '../../rendering';
import { ChecksModule } from '../checks/checks.module';
import { EmailStoreModule } from '../emails/email-store.module';
import { Share } from './share.entity';
import { ShareRepository } from './share.repository';
import { SharedViews } from './shared-view';
import { SharesService } from './shares.service';

/** Share pages' capabilities and what a page shows (served at http/shares). */
@Module({
  imports: [TypeOrmModule.forFeature([Share]), EmailStoreModule, ChecksModule],
  providers: [
    ShareRepository,
    SharesService,
    SharedViews,
    { provide: ClientCatalog, useValue: clientCatalog },
  ],
  exports: [SharesService, SharedViews],
})
export class SharesModule {}
