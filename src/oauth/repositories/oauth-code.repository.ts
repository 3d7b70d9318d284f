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

  /** Spends a code once: a code already used keeps its first use time. */
  async markUsed(codeHash: string, at: Date): Promise<void> {
    await this.rows.update({ codeHash, usedAt: IsNull() }, { usedAt: at });
  }
}
