import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { OAuthCode } from '../oauth-code.entity';

/** Authorization codes, stored by the hash of the code. */
@Injectable()
export class OAuthCodeRepository {
  constructor(@InjectRepository(OAuthCode) private readonly rows: Repository<OAuthCode>) {}

  async insert(code: OAuthCode): Promise<void> {
    await this.rows.insert(code);
  }

  findByHash(codeHash: string): Promise<OAuthCode | null> {
    return this.rows.findOneBy({ codeHash });
  }

  /**
   * Spends a code, true for the one caller that did: a conditional update, so of requests
   * racing with one code only one changes the row, on any database's isolation level.
   */
  /** Every unused code of a user, spent: none of them can be exchanged any more. */
  async spendByUser(userId: string, at: Date): Promise<void> {
    await this.rows.update({ userId, usedAt: IsNull() }, { usedAt: at });
  }

  async markUsed(codeHash: string, at: Date): Promise<boolean> {
    const result = await this.rows.update({ codeHash, usedAt: IsNull() }, { usedAt: at });
    return (result.affected ?? 0) > 0;
  }
}
