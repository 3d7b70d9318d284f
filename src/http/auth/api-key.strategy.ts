import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { BasicStrategy } from 'passport-http';
import { ApplicationsService } from '../../domain/applications/applications.service';
import { parseBasicAuth } from '../../base/security/basic-auth';
import { Principal, REALM } from '../../base/security/principal';

type Verified = (error: Error | null, principal?: Principal | false) => void;

/**
 * HTTP Basic with the API key as the username and an EMPTY password
 * (docs/api.md#api-key-authentication).
 * passport-http's BasicStrategy refuses an empty password outright, so only the header
 * parsing of `authenticate` is redone here; realm, challenge and verify stay the library's.
 */
@Injectable()
export class ApiKeyStrategy extends PassportStrategy(BasicStrategy, 'basic') {
  constructor(private readonly applications: ApplicationsService) {
    super({ realm: REALM });
  }

  authenticate(req: Request): void {
    const strategy = this as unknown as {
      _challenge(): string;
      _verify(user: string, password: string, done: Verified): void;
      fail(challenge: string | number): void;
      error(error: Error): void;
      success(user: Principal): void;
    };
    const credentials = parseBasicAuth(req.headers.authorization);
    if (!credentials?.user) return strategy.fail(strategy._challenge());
    strategy._verify(credentials.user, credentials.password, (error, principal) => {
      if (error) return strategy.error(error);
      if (!principal) return strategy.fail(strategy._challenge());
      strategy.success(principal);
    });
  }

  async validate(apiKey: string, password: string): Promise<Principal | false> {
    if (password !== '') return false;
    const application = await this.applications.findByApiKey(apiKey);
    if (!application) return false;
    return { via: 'api_key', accountId: application.accountId, applicationId: application.id };
  }
}
