import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Email } from '../emails/email.entity';
import { CaptureConfigurations } from './capture-configurations';
import { CaptureCoordinator } from './capture-coordinator';
import { CaptureHostMiddleware } from './capture-host.middleware';
import { AppConfig } from '../config/app-config';
import { CaptureProcessingModule } from './capture-processing.module';
import { CaptureStore } from './capture-store';
import { ClientsController } from './clients.controller';
import { PlaceholderController } from './placeholder.controller';
import { PreviewsController } from './previews.controller';
import { PreviewsService } from './previews.service';
import { CaptureEvents } from './queue/capture-events';
import { CaptureQueue } from './queue/capture-queue';
import { BullMqCaptureQueue } from './queue/bullmq-capture-queue';
import { InProcessCaptureQueue } from './queue/in-process-capture-queue';

@Module({
  imports: [TypeOrmModule.forFeature([Email]), AuthModule, CaptureProcessingModule],
  controllers: [ClientsController, PreviewsController, PlaceholderController],
  providers: [
    CaptureConfigurations,
    CaptureCoordinator,
    CaptureStore,
    CaptureEvents,
    PreviewsService,
    InProcessCaptureQueue,
    BullMqCaptureQueue,
    {
      // REDIS_URL chooses the adapter: BullMQ workers (scale-out) or this process (embedded).
      provide: CaptureQueue,
      inject: [AppConfig, InProcessCaptureQueue, BullMqCaptureQueue],
      useFactory: (config: AppConfig, local: InProcessCaptureQueue, shared: BullMqCaptureQueue) =>
        config.redis.url ? shared : local,
    },
  ],
  exports: [
    CaptureConfigurations,
    CaptureCoordinator,
    CaptureStore,
    CaptureQueue,
    BullMqCaptureQueue,
  ],
})
export class PreviewsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(CaptureHostMiddleware).forRoutes('*path');
  }
}
