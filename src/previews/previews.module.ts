import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { CapturesModule } from '../captures/captures.module';
import { EmailStoreModule } from '../emails/email-store.module';
import { CaptureHostMiddleware } from './capture-host.middleware';
import { ClientsController } from './clients.controller';
import { PlaceholderController } from './placeholder.controller';
import { PreviewsController } from './previews.controller';
import { PreviewsService } from './previews.service';

/** The HTTP surface of previews: preview endpoints, clients, capture host, placeholder. */
@Module({
  imports: [EmailStoreModule, AuthModule, CapturesModule],
  controllers: [ClientsController, PreviewsController, PlaceholderController],
  providers: [PreviewsService],
})
export class PreviewsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(CaptureHostMiddleware).forRoutes('*path');
  }
}
