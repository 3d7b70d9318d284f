import { Module } from '@nestjs/common';
import { ChecksModule } from '../../domain/checks/checks.module';
import { ChecksController } from './checks.controller';

/** GET /v1/emails/<guid>/checks. */
@Module({ imports: [ChecksModule], controllers: [ChecksController] })
export class ChecksHttpModule {}
