import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { ThrottleStoreModule } from '../../platform/throttling/throttle-store.module';
import { HealthController } from './health.controller';

@Module({
  imports: [ThrottleStoreModule, TerminusModule.forRoot({ logger: false })],
  controllers: [HealthController],
})
export class HealthModule {}
