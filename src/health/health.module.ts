import { Module } from '@nestjs/common';
import { CapturesModule } from '../captures/captures.module';
import { DatabaseRepository } from '../database/database.repository';
import { HealthController } from './health.controller';

@Module({
  imports: [CapturesModule],
  controllers: [HealthController],
  providers: [DatabaseRepository],
})
export class HealthModule {}
