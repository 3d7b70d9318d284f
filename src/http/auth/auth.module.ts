import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { ApplicationsModule } from '../../domain/applications/applications.module';
import { OAuthModule } from '../../domain/oauth/oauth.module';
import { ThrottlingModule } from '../../platform/throttling/throttling.module';
import { ApiAuthGuard } from './api-auth.guard';
import { ApiKeyStrategy } from './api-key.strategy';
import { BearerStrategy } from './bearer.strategy';
import { StaffGuard } from './staff.guard';

@Module({
  imports: [PassportModule, ApplicationsModule, OAuthModule, ThrottlingModule],
  providers: [ApiKeyStrategy, BearerStrategy, ApiAuthGuard, StaffGuard],
  // Guards named in @UseGuards are built in the controller's module: what they inject is
  // re-exported here, so a module that imports auth can use them.
  exports: [ApiAuthGuard, StaffGuard, ApplicationsModule, OAuthModule, ThrottlingModule],
})
export class AuthModule {}
