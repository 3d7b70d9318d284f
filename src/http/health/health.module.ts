import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { CapturesModule } from '../../domain/captures/captures.module';
import { ThrottleStoreModule } from '../../platform/throttling/throttle-store.module';
import { HealthController } from './health.controller';

@Module({
  imports: [CapturesModule, ThrottleStoreModule, TerminusModule.forRoot({ logger: false })],
  controllers: [HealthController],
})
export class HealthModule {}
