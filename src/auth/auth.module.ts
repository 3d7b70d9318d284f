import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { ApplicationsModule } from '../applications/applications.module';
import { ApiAuthGuard } from './api-auth.guard';
import { ApiKeyStrategy } from './api-key.strategy';

@Module({
  imports: [PassportModule, ApplicationsModule],
  providers: [ApiKeyStrategy, ApiAuthGuard],
  exports: [ApiAuthGuard],
})
export class AuthModule {}
