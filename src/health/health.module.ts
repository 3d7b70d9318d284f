import { Module } from '@nestjs/common';
import { PreviewsModule } from '../previews/previews.module';
import { HealthController } from './health.controller';

@Module({
  imports: [PreviewsModule],
  controllers: [HealthController],
})
export class HealthModule {}
