import { AuthorizationServer } from '@jmondi/oauth2-server';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApplicationsModule } from '../applications/applications.module';
import { AppConfig } from '../../platform/config/app-config';
import { AccessTokens } from './access-tokens';
import { AuthorizationFlow } from './authorization-flow';
import { createAuthorizationServer } from './authorization-server';
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
import { ThrottleStoreModule } from '../../platform/throttling/throttle-store.module';
import { TokenRevocation } from './token-revocation';

/** OAuth's tables, the authorization server and the token rules (endpoints: http/oauth). */
@Module({
  imports: [
    ApplicationsModule,
    TypeOrmModule.forFeature([OAuthCode, OAuthTokenRow, OAuthConsent, OAuthSession]),
    ThrottleStoreModule,
  ],
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
  exports: [
    AccessTokens,
    AuthorizationFlow,
    AuthorizationServer,
    Sessions,
    TokenRevocation,
    OAuthStorage,
    LoginThrottle,
  ],
})
export class OAuthModule {}
