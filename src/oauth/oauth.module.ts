import { AuthorizationServer } from '@jmondi/oauth2-server';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApplicationsModule } from '../applications/applications.module';
import { AppConfig } from '../config/app-config';
import { AccessTokens } from './access-tokens';
import { AuthorizationFlow } from './authorization-flow';
import { createAuthorizationServer } from './authorization-server';
import { OAuthController } from './oauth.controller';
import { OAuthStorage } from './oauth-storage';
import { OAuthCode } from './oauth-code.entity';
import { OAuthConsent } from './oauth-consent.entity';
import { OAuthSession } from './oauth-session.entity';
import { OAuthTokenRow } from './oauth-token.entity';
import { OAuthCodeRepository } from './repositories/oauth-code.repository';
import { OAuthConsentRepository } from './repositories/oauth-consent.repository';
import { OAuthSessionRepository } from './repositories/oauth-session.repository';
import { OAuthTokenRowRepository } from './repositories/oauth-token-row.repository';
import { Sessions } from './sessions';
import { LoginThrottle } from './login-throttle';
import { ThrottleStoreModule } from '../throttling/throttle-store.module';
import { TokenRevocation } from './token-revocation';

@Module({
  imports: [
    ApplicationsModule,
    TypeOrmModule.forFeature([OAuthCode, OAuthTokenRow, OAuthConsent, OAuthSession]),
    ThrottleStoreModule,
  ],
  controllers: [OAuthController],
  providers: [
    OAuthCodeRepository,
    OAuthTokenRowRepository,
    OAuthConsentRepository,
    OAuthSessionRepository,
    OAuthStorage,
    AccessTokens,
    Sessions,
    LoginThrottle,
    AuthorizationFlow,
    TokenRevocation,
    {
      provide: AuthorizationServer,
      inject: [OAuthStorage, AccessTokens, AppConfig],
      useFactory: (repositories: OAuthStorage, tokens: AccessTokens, config: AppConfig) =>
        createAuthorizationServer(repositories, tokens.signingKey, config),
    },
  ],
  exports: [AccessTokens],
})
export class OAuthModule {}
