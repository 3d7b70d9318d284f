import { AuthorizationServer } from '@jmondi/oauth2-server';
import { Module } from '@nestjs/common';
import { ApplicationsModule } from '../applications/applications.module';
import { AppConfig } from '../config/app-config';
import { AccessTokens } from './access-tokens';
import { AuthorizationFlow } from './authorization-flow';
import { createAuthorizationServer } from './authorization-server';
import { OAuthController } from './oauth.controller';
import { OAuthRepositories } from './oauth-repositories';
import { Sessions } from './sessions';
import { TokenRevocation } from './token-revocation';

@Module({
  imports: [ApplicationsModule],
  controllers: [OAuthController],
  providers: [
    OAuthRepositories,
    AccessTokens,
    Sessions,
    AuthorizationFlow,
    TokenRevocation,
    {
      provide: AuthorizationServer,
      inject: [OAuthRepositories, AccessTokens, AppConfig],
      useFactory: (repositories: OAuthRepositories, tokens: AccessTokens, config: AppConfig) =>
        createAuthorizationServer(repositories, tokens.signingKey, config),
    },
  ],
  exports: [AccessTokens],
})
export class OAuthModule {}
