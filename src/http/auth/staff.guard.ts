import { CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { ApplicationsService } from '../../domain/applications/applications.service';
import { StaffKey, StaffRole } from '../../domain/applications/staff-key.entity';
import { StaffKeysService } from '../../domain/applications/staff-keys.service';
import { REALM } from '../../base/security/principal';
import { ApiError } from '../../base/errors/api-error';
import { parseBasicAuth } from '../../base/security/basic-auth';
import { AccessTokens } from '../../domain/oauth/access-tokens';
import { AuthFailures } from '../../platform/throttling/auth-failures';

const ROLES = 'staff-roles';

/** The staff roles a controller or route is for (none: every staff key). */
export const StaffRoles = (...roles: StaffRole[]) => SetMetadata(ROLES, roles);

/**
 * Staff endpoints (billing, admin): staff keys only (HTTP Basic, key as username, empty
 * password), of the roles the route names (@StaffRoles). Valid credentials of another kind (an
 * application's API key, an OAuth token) or of another role get 403; missing, wrong or revoked
 * ones 401.
 */
@Injectable()
export class StaffGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly staffKeys: StaffKeysService,
    private readonly applications: ApplicationsService,
    private readonly accessTokens: AccessTokens,
    private readonly failures: AuthFailures,
  ) {}

  canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request & { staff?: StaffKey }>();
    const roles = this.reflector.getAllAndOverride<StaffRole[] | undefined>(ROLES, [
      context.getHandler(),
      context.getClass(),
    ]);
    const response = context.switchToHttp().getResponse<Response>();
    return this.failures.guard(request, response, () => this.authenticate(request, roles));
  }

  private async authenticate(
    request: Request & { staff?: StaffKey },
    roles: StaffRole[] | undefined,
  ): Promise<boolean> {
    const header = request.headers.authorization ?? '';
    const adminOnly = roles?.includes('admin') && !roles.includes('billing');
    // No Basic challenge on the admin routes: a browser would prompt for a key and then send
    // it on its own with every request to them, from any page. Billing reports keep the
    // contract's challenge (docs/api.md#errors); they change nothing.
    const unauthorized = new ApiError(
      401,
      'A staff key (HTTP Basic username) is required',
      adminOnly ? {} : { 'WWW-Authenticate': `Basic realm="${REALM}"` },
    );
    const forbidden = new ApiError(
      403,
      adminOnly
        ? 'The admin API is for admin staff keys only'
        : 'Billing reports are for staff keys only',
    );
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
      if (roles && !roles.includes(staff.role)) throw forbidden;
      request.staff = staff;
      return true;
    }
    throw (await this.applications.findByApiKey(username)) ? forbidden : unauthorized;
  }
}
