import { Module } from '@nestjs/common';
import { InboxViewsModule } from '../../domain/inbox/inbox-views.module';
import { InboxController } from './inbox.controller';

/** GET /v1/emails/<guid>/inbox/<client> and its image. */
@Module({ imports: [InboxViewsModule], controllers: [InboxController] })
export class InboxHttpModule {}
