import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { OAuthTokenRow } from '../oauth-token.entity';

/** Token pairs, by the hashes of their access and refresh tokens, grouped in families. */
@Injectable()
export class OAuthTokenRowRepository {
  constructor(@InjectRepository(OAuthTokenRow) private readonly rows: Repository<OAuthTokenRow>) {}

  async insert(token: OAuthTokenRow): Promise<void> {
    await this.rows.insert(token);
  }

  async addRefreshToken(accessHash: string, refreshHash: string, expiresAt: Date): Promise<void> {
    await this.rows.update({ accessHash }, { refreshHash, refreshExpiresAt: expiresAt });
  }

  findByAccessHash(accessHash: string): Promise<OAuthTokenRow | null> {
    return this.rows.findOneBy({ accessHash });
  }

  findByRefreshHash(refreshHash: string): Promise<OAuthTokenRow | null> {
    return this.rows.findOneBy({ refreshHash });
  }

  /** Revokes the pair holding this token hash, unless it is revoked already. */
  async revoke(match: { accessHash: string } | { refreshHash: string }, at: Date): Promise<void> {
    await this.rows.update({ ...match, revokedAt: IsNull() }, { revokedAt: at });
  }

  async revokeFamily(familyId: string, at: Date): Promise<void> {
    await this.rows.update({ familyId, revokedAt: IsNull() }, { revokedAt: at });
  }
}
