import { Module } from '@nestjs/common';
import { ApplicationsModule } from '../../domain/applications/applications.module';
import { OAuthModule } from '../../domain/oauth/oauth.module';
import { OAuthController } from './oauth.controller';

/** The OAuth 2.0 endpoints: authorize, sign in, consent, token, revoke. */
@Module({ imports: [OAuthModule, ApplicationsModule], controllers: [OAuthController] })
export class OAuthHttpModule {}
