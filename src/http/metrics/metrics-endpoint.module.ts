import { Module } from '@nestjs/common';
import { MetricsController } from './metrics.controller';

/** The /metrics endpoint, for API processes only (workers have no HTTP). */
@Module({ controllers: [MetricsController] })
export class MetricsEndpointModule {}
