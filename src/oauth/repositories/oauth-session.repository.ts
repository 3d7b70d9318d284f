import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { OAuthSession } from '../oauth-session.entity';

/** Login sessions of the authorization pages, by the hash of the cookie's token. */
@Injectable()
export class OAuthSessionRepository {
  constructor(@InjectRepository(OAuthSession) private readonly rows: Repository<OAuthSession>) {}

  async insert(session: OAuthSession): Promise<void> {
    await this.rows.insert(session);
  }

  findByTokenHash(tokenHash: string): Promise<OAuthSession | null> {
    return this.rows.findOneBy({ tokenHash });
  }
}
