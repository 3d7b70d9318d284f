import { Module } from '@nestjs/common';
import { CapturesModule } from '../captures/captures.module';
import { EmailStoreModule } from '../emails/email-store.module';
import { ClientCatalog, clientCatalog } from '../rendering/catalog/client-catalog';
import { ChecksController } from './checks.controller';
import { ChecksService } from './checks.service';

/** GET /v1/emails/<guid>/checks: pre-send findings from the email and its captures. */
@Module({
  imports: [EmailStoreModule, CapturesModule],
  controllers: [ChecksController],
  providers: [ChecksService, { provide: ClientCatalog, useValue: clientCatalog }],
})
export class ChecksModule {}
