import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Share } from './share.entity';

@Injectable()
export class ShareRepository {
  constructor(@InjectRepository(Share) private readonly rows: Repository<Share>) {}

  async insert(share: Share): Promise<Share> {
    await this.rows.insert(share);
    return share;
  }

  findByTokenHash(tokenHash: string): Promise<Share | null> {
    return this.rows.findOneBy({ tokenHash });
  }

  findOfEmail(id: string, emailId: string): Promise<Share | null> {
    return this.rows.findOneBy({ id, emailId });
  }

  /** Revokes a share not yet revoked; the first revocation's time stays. */
  async revoke(id: string, at: Date): Promise<void> {
    await this.rows
      .createQueryBuilder()
      .update(Share)
      .set({ revokedAt: at })
      .where('id = :id AND revoked_at IS NULL', { id })
      .execute();
  }
}
