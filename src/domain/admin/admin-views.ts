import type { Application } from '../applications/application.entity';
import type { StaffKey } from '../applications/staff-key.entity';
import type { User } from '../applications/user.entity';

/** What the admin API shows of each row: never a secret or a hash. */
export function applicationView(application: Application) {
  return {
    id: application.id,
    name: application.name,
    client_id: application.clientId,
    callback_uris: application.callbackUris,
    public: application.isPublic,
    disabled: Boolean(application.disabledAt),
    disabled_at: application.disabledAt?.toISOString() ?? null,
    created_at: application.createdAt.toISOString(),
  };
}

export function userView(user: User) {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    account_id: user.accountId,
    disabled: Boolean(user.disabledAt),
    created_at: user.createdAt.toISOString(),
  };
}

export function staffKeyView(key: StaffKey) {
  return {
    id: key.id,
    name: key.name,
    role: key.role,
    revoked: Boolean(key.revokedAt),
    revoked_at: key.revokedAt?.toISOString() ?? null,
    created_at: key.createdAt.toISOString(),
  };
}
