import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { PreviewsModule } from '../../domain/previews/previews.module';
import { CaptureHostMiddleware } from './capture-host.middleware';
import { ClientStatusController } from './client-status.controller';
import { ClientsController } from './clients.controller';
import { PlaceholderController } from './placeholder.controller';
import { PreviewsController } from './previews.controller';

/** The HTTP surface of previews: preview endpoints, clients, capture host, placeholder. */
@Module({
  imports: [PreviewsModule, AuthModule],
  controllers: [
    ClientStatusController,
    ClientsController,
    PreviewsController,
    PlaceholderController,
  ],
})
export class PreviewsHttpModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(CaptureHostMiddleware).forRoutes('*path');
  }
}
