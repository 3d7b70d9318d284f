import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { ApplicationsModule } from '../applications/applications.module';
import { OAuthModule } from '../oauth/oauth.module';
import { ApiAuthGuard } from './api-auth.guard';
import { ApiKeyStrategy } from './api-key.strategy';
import { BearerStrategy } from './bearer.strategy';

@Module({
  imports: [PassportModule, ApplicationsModule, OAuthModule],
  providers: [ApiKeyStrategy, BearerStrategy, ApiAuthGuard],
  exports: [ApiAuthGuard],
})
export class AuthModule {}
