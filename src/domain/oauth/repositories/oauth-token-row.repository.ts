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

  /**
   * Revokes a pair unless it is revoked already, true for the one caller that did: a
   * conditional update, so of refreshes racing with one refresh token only one wins.
   */
  async revoke(id: string, at: Date): Promise<boolean> {
    const result = await this.rows.update({ id, revokedAt: IsNull() }, { revokedAt: at });
    return (result.affected ?? 0) > 0;
  }

  /** Every token a user granted, to any application: a disabled user's grants end for good. */
  async revokeByUser(userId: string, at: Date): Promise<void> {
    await this.rows.update({ userId, revokedAt: IsNull() }, { revokedAt: at });
  }

  async revokeFamily(familyId: string, at: Date): Promise<void> {
    await this.rows.update({ familyId, revokedAt: IsNull() }, { revokedAt: at });
  }
}
