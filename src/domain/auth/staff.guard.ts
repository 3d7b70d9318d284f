import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { ApplicationsService } from '../applications/applications.service';
import { StaffKey } from '../applications/staff-key.entity';
import { StaffKeysService } from '../applications/staff-keys.service';
import { REALM } from '../../base/security/principal';
import { ApiError } from '../../base/errors/api-error';
import { parseBasicAuth } from '../../base/security/basic-auth';
import { AccessTokens } from '../oauth/access-tokens';
import { AuthFailures } from '../../platform/throttling/auth-failures';

/**
 * Billing endpoints: staff keys only (HTTP Basic, key as username, empty password).
 * Valid credentials of another kind (an application's API key, an OAuth token) get 403;
 * missing or wrong ones 401.
 */
@Injectable()
export class StaffGuard implements CanActivate {
  constructor(
    private readonly staffKeys: StaffKeysService,
    private readonly applications: ApplicationsService,
    private readonly accessTokens: AccessTokens,
    private readonly failures: AuthFailures,
  ) {}

  canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request & { staff?: StaffKey }>();
    return this.failures.guard(request, () => this.authenticate(request));
  }

  private async authenticate(request: Request & { staff?: StaffKey }): Promise<boolean> {
    const header = request.headers.authorization ?? '';
    const unauthorized = new ApiError(401, 'A staff key (HTTP Basic username) is required', {
      'WWW-Authenticate': `Basic realm="${REALM}"`,
    });
    const forbidden = new ApiError(403, 'Billing reports are for staff keys only');
    if (/^Bearer /i.test(header)) {
      const valid = await this.accessTokens.principalFor(header.slice(7).trim()).then(
        () => true,
        () => false,
      );
      throw valid ? forbidden : unauthorized;
    }
    const credentials = parseBasicAuth(header);
    if (!credentials || credentials.password !== '') throw unauthorized;
    const username = credentials.user;
    const staff = await this.staffKeys.findByKey(username);
    if (staff) {
      request.staff = staff;
      return true;
    }
    throw (await this.applications.findByApiKey(username)) ? forbidden : unauthorized;
  }
}
