import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { hashSecret, randomToken } from '../common/secrets';
import { AppConfig } from '../config/app-config';
import { Clock } from '../config/clock';
import { OAuthSession } from './oauth-session.entity';
import { OAuthSessionRepository } from './repositories/oauth-session.repository';

export const SESSION_COOKIE = 'ip_session';

/** Login sessions of the authorization pages; the cookie carries a random token, the row its hash. */
@Injectable()
export class Sessions {
  constructor(
    private readonly sessions: OAuthSessionRepository,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async open(userId: string): Promise<{ token: string; session: OAuthSession }> {
    const token = randomToken('ips_session_');
    const session: OAuthSession = {
      id: randomUUID(),
      tokenHash: hashSecret(token),
      userId,
      csrfToken: randomToken(''),
      expiresAt: new Date(this.clock.now().getTime() + this.config.oauth.sessionHours * 3_600_000),
    };
    await this.sessions.insert(session);
    return { token, session };
  }

  async find(token: string | undefined): Promise<OAuthSession | null> {
    if (!token) return null;
    const session = await this.sessions.findByTokenHash(hashSecret(token));
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
