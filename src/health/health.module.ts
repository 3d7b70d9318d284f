import { Module } from '@nestjs/common';
import { CapturesModule } from '../captures/captures.module';
import { HealthController } from './health.controller';

@Module({
  imports: [CapturesModule],
  controllers: [HealthController],
})
export class HealthModule {}
