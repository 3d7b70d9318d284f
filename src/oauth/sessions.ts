import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { hashSecret, randomToken } from '../common/secrets';
import { AppConfig } from '../config/app-config';
import { Clock } from '../config/clock';
import { OAuthSession } from './oauth-session.entity';

export const SESSION_COOKIE = 'ip_session';

/** Login sessions of the authorization pages; the cookie carries a random token, the row its hash. */
@Injectable()
export class Sessions {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async open(userId: string): Promise<{ token: string; session: OAuthSession }> {
    const token = randomToken('ips_session_');
    const session = await this.dataSource.getRepository(OAuthSession).save({
      id: randomUUID(),
      tokenHash: hashSecret(token),
      userId,
      csrfToken: randomToken(''),
      expiresAt: new Date(this.clock.now().getTime() + this.config.oauth.sessionHours * 3_600_000),
    });
    return { token, session };
  }

  async find(token: string | undefined): Promise<OAuthSession | null> {
    if (!token) return null;
    const session = await this.dataSource
      .getRepository(OAuthSession)
      .findOneBy({ tokenHash: hashSecret(token) });
    return session && session.expiresAt > this.clock.now() ? session : null;
  }

  cookieOptions() {
    return {
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: this.config.publicUrl.startsWith('https:'),
      path: '/oauth',
      maxAge: this.config.oauth.sessionHours * 3_600_000,
    };
  }
}
