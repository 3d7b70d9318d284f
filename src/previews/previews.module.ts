import { Module } from '@nestjs/common';
import { CaptureConfigurations } from './capture-configurations';
import { ClientsController } from './clients.controller';

@Module({
  controllers: [ClientsController],
  providers: [CaptureConfigurations],
  exports: [CaptureConfigurations],
})
export class PreviewsModule {}
