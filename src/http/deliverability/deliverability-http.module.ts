import { Module } from '@nestjs/common';
import { DeliverabilityModule } from '../../domain/deliverability/deliverability.module';
import { DeliverabilityController } from './deliverability.controller';

/** GET /v1/emails/<guid>/deliverability. */
@Module({ imports: [DeliverabilityModule], controllers: [DeliverabilityController] })
export class DeliverabilityHttpModule {}
