import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ComparisonsModule } from '../../domain/comparisons/comparisons.module';
import { ComparisonsController } from './comparisons.controller';

/** POST /v1/comparisons and its answers. */
@Module({ imports: [ComparisonsModule, AuthModule], controllers: [ComparisonsController] })
export class ComparisonsHttpModule {}
