import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThanOrEqual, Repository } from 'typeorm';
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

  async touch(id: string, at: Date): Promise<void> {
    await this.rows.update({ id }, { lastSeenAt: at });
  }

  /**
   * Replaces the CSRF key only if it is still `current`: of two answers racing with the
   * same token, one wins.
   */
  async replaceCsrfToken(id: string, current: string, next: string): Promise<boolean> {
    const result = await this.rows.update({ id, csrfToken: current }, { csrfToken: next });
    return (result.affected ?? 0) > 0;
  }

  async delete(id: string): Promise<void> {
    await this.rows.delete({ id });
  }

  /** Sessions past their lifetime, or idle since `idleSince`. */
  /** Every session of a user: they end with the user's access (a disabled user). */
  async deleteByUser(userId: string): Promise<void> {
    await this.rows.delete({ userId });
  }

  async deleteEnded(now: Date, idleSince: Date): Promise<void> {
    await this.rows.delete({ expiresAt: LessThanOrEqual(now) });
    await this.rows.delete({ lastSeenAt: LessThanOrEqual(idleSince) });
  }
}
