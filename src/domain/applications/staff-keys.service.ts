import { Injectable } from '@nestjs/common';
import type { KeysetPage, KeysetWindow } from '../../base/paging/cursor';
import { randomUUID } from 'node:crypto';
import { secretMatches } from '../../base/security/secrets';
import { Clock } from '../../platform/config/clock';
import { apiKeyId, newApiKey } from './api-key';
import { StaffKeyRepository } from './repositories/staff-key.repository';
import { StaffKey, StaffRole } from './staff-key.entity';
import { ApiError } from '../../base/errors/api-error';

export const STAFF_ROLES: StaffRole[] = ['billing', 'admin'];

@Injectable()
export class StaffKeysService {
  constructor(
    private readonly staffKeys: StaffKeyRepository,
    private readonly clock: Clock,
  ) {}

  /** Creates a key; the key itself is returned this once and stored only as a hash. */
  async create(
    name: string,
    role: string,
  ): Promise<{ id: string; name: string; role: StaffRole; key: string }> {
    if (!name?.trim()) throw ApiError.badRequest('--name is required');
    if (!STAFF_ROLES.includes(role as StaffRole))
      throw ApiError.badRequest('--role must be billing or admin');
    const key = newApiKey('ipsk_');
    const row: StaffKey = {
      id: randomUUID(),
      name: name.trim(),
      role: role as StaffRole,
      keyId: key.id,
      keyHash: key.hash,
      createdAt: this.clock.now(),
    };
    await this.staffKeys.insert(row);
    return { id: row.id, name: row.name, role: row.role, key: key.key };
  }

  async findByKey(key: string): Promise<StaffKey | null> {
    const id = apiKeyId(key, 'ipsk_');
    if (!id) return null;
    const row = await this.staffKeys.findByKeyId(id);
    return row && !row.revokedAt && secretMatches(key, row.keyHash) ? row : null;
  }

  list(): Promise<StaffKey[]> {
    return this.staffKeys.list();
  }

  page(window: KeysetWindow): Promise<KeysetPage<StaffKey>> {
    return this.staffKeys.page(window);
  }

  /** Revoked: refused from the next request on. */
  async revoke(id: string): Promise<StaffKey> {
    const row = await this.staffKeys.findById(id);
    if (!row) throw ApiError.notFound(`no staff key ${id}`);
    row.revokedAt ??= this.clock.now();
    await this.staffKeys.update(row);
    return row;
  }
}
