import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { BillingModule } from '../billing/billing.module';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Email } from '../emails/email.entity';
import { CaptureConfigurations } from './capture-configurations';
import { CaptureCoordinator } from './capture-coordinator';
import { CaptureHostMiddleware } from './capture-host.middleware';
import { CaptureProcessor } from './capture-processor';
import { CaptureStore } from './capture-store';
import { ClientsController } from './clients.controller';
import { PlaceholderController } from './placeholder.controller';
import { PreviewsController } from './previews.controller';
import { PreviewsService } from './previews.service';
import { CaptureEvents } from './queue/capture-events';
import { CaptureQueue } from './queue/capture-queue';
import { InProcessCaptureQueue } from './queue/in-process-capture-queue';

@Module({
  imports: [TypeOrmModule.forFeature([Email]), AuthModule, BillingModule],
  controllers: [ClientsController, PreviewsController, PlaceholderController],
  providers: [
    CaptureConfigurations,
    CaptureCoordinator,
    CaptureProcessor,
    CaptureStore,
    CaptureEvents,
    PreviewsService,
    { provide: CaptureQueue, useClass: InProcessCaptureQueue },
  ],
  exports: [CaptureConfigurations, CaptureCoordinator, CaptureStore],
})
export class PreviewsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(CaptureHostMiddleware).forRoutes('*path');
  }
}
