import { Global, Module } from '@nestjs/common';
import { Metrics } from './metrics';

/** Global: whatever records a metric injects Metrics, in the API and in workers alike. */
@Global()
@Module({ providers: [Metrics], exports: [Metrics] })
export class MetricsModule {}
