import { Injectable } from '@nestjs/common';
import { ApiError } from '../../base/errors/api-error';
import { KeysetWindow, mapPage } from '../../base/paging/cursor';
import type { Application } from '../applications/application.entity';
import { ApplicationsService } from '../applications/applications.service';
import { StaffKeysService } from '../applications/staff-keys.service';
import { UsersService } from '../applications/users.service';
import { Actor, AuditLog } from '../audit/audit-log';
import { BillingService } from '../billing/billing.service';
import { TokenRevocation } from '../oauth/token-revocation';
import { WebhooksService } from '../webhooks/webhooks.service';
import { applicationView, staffKeyView, userView } from './admin-views';

export interface ApplicationChange {
  name?: string;
  addCallbackUris?: string[];
  removeCallbackUris?: string[];
}

/**
 * What an admin does (docs/api.md#admin-api), through the same services as the command line,
 * each action recorded in the audit log with the target before and after. Secrets are
 * answered once and never logged.
 */
@Injectable()
export class AdminService {
  constructor(
    private readonly applications: ApplicationsService,
    private readonly users: UsersService,
    private readonly staffKeys: StaffKeysService,
    private readonly webhooks: WebhooksService,
    private readonly billing: BillingService,
    private readonly audit: AuditLog,
    private readonly grants: TokenRevocation,
  ) {}

  async listApplications() {
    return this.withCounts(await this.applications.list());
  }

  async pageApplications(window: KeysetWindow) {
    const page = await this.applications.page(window);
    return { rows: await this.withCounts(page.rows), next: page.next };
  }

  private async withCounts(applications: Application[]) {
    const captures = await this.billing.capturesPerApplication();
    return Promise.all(
      applications.map(async (application) => ({
        ...applicationView(application),
        counts: {
          captures: captures.get(application.id) ?? 0,
          webhooks: (await this.webhooks.list(application.id)).length,
        },
      })),
    );
  }

  async application(clientId: string) {
    return applicationView(await this.applications.requireByClientId(clientId));
  }

  async createApplication(
    actor: Actor,
    input: { name: string; callbackUris: string[]; isPublic?: boolean },
  ) {
    const issued = await this.applications.create(input);
    const after = applicationView(await this.applications.requireByClientId(issued.client_id));
    await this.record(actor, 'application.create', issued.client_id, null, after);
    return issued;
  }

  async changeApplication(actor: Actor, clientId: string, change: ApplicationChange) {
    const add = change.addCallbackUris ?? [];
    const remove = change.removeCallbackUris ?? [];
    if (change.name === undefined && add.length === 0 && remove.length === 0)
      throw ApiError.badRequest(
        'nothing to change: name, add_callback_uris or remove_callback_uris',
      );
    const before = await this.application(clientId);
    if (change.name !== undefined) await this.applications.rename(clientId, change.name);
    if (add.length || remove.length) await this.applications.changeCallbacks(clientId, add, remove);
    const after = await this.application(clientId);
    await this.record(actor, 'application.update', clientId, before, after);
    return after;
  }

  async rotateApiKey(actor: Actor, clientId: string) {
    const issued = await this.applications.rotateApiKey(clientId);
    const view = await this.application(clientId);
    await this.record(actor, 'application.rotate-api-key', clientId, view, view);
    return issued;
  }

  async rotateClientSecret(actor: Actor, clientId: string) {
    const issued = await this.applications.rotateClientSecret(clientId);
    const view = await this.application(clientId);
    await this.record(actor, 'application.rotate-client-secret', clientId, view, view);
    return issued;
  }

  async setApplicationDisabled(actor: Actor, clientId: string, disabled: boolean) {
    const before = await this.application(clientId);
    const after = applicationView(await this.applications.setDisabled(clientId, disabled));
    const action = disabled ? 'application.disable' : 'application.enable';
    await this.record(actor, action, clientId, before, after);
    return after;
  }

  async webhooksOf(clientId: string) {
    const application = await this.applications.requireByClientId(clientId);
    return this.webhooks.withDeliveries(application.id);
  }

  async listUsers() {
    return (await this.users.list()).map(userView);
  }

  async pageUsers(window: KeysetWindow) {
    return mapPage(await this.users.page(window), userView);
  }

  async createUser(actor: Actor, input: { email: string; name: string; password: string }) {
    const user = userView(await this.users.create(input));
    await this.audit.record(actor, {
      action: 'user.create',
      target: { type: 'user', id: user.id },
      after: user,
    });
    return user;
  }

  async setUserDisabled(actor: Actor, id: string, disabled: boolean) {
    const found = await this.users.findById(id);
    if (!found) throw ApiError.notFound(`no user ${id}`);
    const before = userView(found);
    const after = userView(await this.users.setDisabled(id, disabled));
    if (disabled) await this.grants.endUser(id);
    await this.audit.record(actor, {
      action: disabled ? 'user.disable' : 'user.enable',
      target: { type: 'user', id },
      before,
      after,
    });
    return after;
  }

  async listStaffKeys() {
    return (await this.staffKeys.list()).map(staffKeyView);
  }

  async pageStaffKeys(window: KeysetWindow) {
    return mapPage(await this.staffKeys.page(window), staffKeyView);
  }

  async createStaffKey(actor: Actor, input: { name: string; role: string }) {
    const created = await this.staffKeys.create(input.name, input.role);
    const { key: _secret, ...view } = created;
    await this.audit.record(actor, {
      action: 'staff-key.create',
      target: { type: 'staff-key', id: created.id },
      after: view,
    });
    return created;
  }

  async revokeStaffKey(actor: Actor, id: string) {
    const revoked = staffKeyView(await this.staffKeys.revoke(id));
    await this.audit.record(actor, {
      action: 'staff-key.revoke',
      target: { type: 'staff-key', id },
      after: revoked,
    });
  }

  private record(
    actor: Actor,
    action: string,
    clientId: string,
    before: Record<string, unknown> | null,
    after: Record<string, unknown>,
  ) {
    return this.audit.record(actor, {
      action,
      target: { type: 'application', id: clientId },
      before,
      after,
    });
  }
}
