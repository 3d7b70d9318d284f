import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { hashSecret, randomToken } from '../../base/security/secrets';
import { AppConfig } from '../../platform/config/app-config';
import { Clock } from '../../platform/config/clock';
import type { AuthorizeParams } from './authorization-flow';
import { consentToken, consentTokenMatches } from './consent-token';
import { OAuthSession } from './oauth-session.entity';
import { OAuthSessionRepository } from './repositories/oauth-session.repository';

export const SESSION_COOKIE = 'ip_session';

/** last_seen_at is written at most this often: the idle timeout does not need finer steps. */
const TOUCH_EVERY_MS = 60_000;

/**
 * Login sessions of the authorization pages; the cookie carries a random token, the row its
 * hash. A session ends at its absolute lifetime (SESSION_TTL_HOURS), after SESSION_IDLE_MINUTES
 * unused, or at logout, whichever comes first, all by the service's clock.
 */
@Injectable()
export class Sessions {
  constructor(
    private readonly sessions: OAuthSessionRepository,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async open(userId: string): Promise<{ token: string; session: OAuthSession }> {
    const now = this.clock.now();
    await this.sessions.deleteEnded(now, new Date(now.getTime() - this.idleMs()));
    const token = randomToken('ips_session_');
    const session: OAuthSession = {
      id: randomUUID(),
      tokenHash: hashSecret(token),
      userId,
      csrfToken: randomToken(''),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + this.lifetimeMs()),
    };
    await this.sessions.insert(session);
    return { token, session };
  }

  async find(token: string | undefined): Promise<OAuthSession | null> {
    if (!token) return null;
    const session = await this.sessions.findByTokenHash(hashSecret(token));
    if (!session) return null;
    const now = this.clock.now();
    if (session.expiresAt <= now || now.getTime() - session.lastSeenAt.getTime() >= this.idleMs()) {
      await this.sessions.delete(session.id);
      return null;
    }
    if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
      await this.sessions.touch(session.id, now);
      session.lastSeenAt = now;
    }
    return session;
  }

  async close(session: OAuthSession): Promise<void> {
    await this.sessions.delete(session.id);
  }

  consentTokenFor(session: OAuthSession, params: AuthorizeParams): string {
    return consentToken(session.csrfToken, params);
  }

  /** True once per token: a matching token replaces the session's key, so it cannot serve again. */
  async consumeConsentToken(
    session: OAuthSession,
    params: AuthorizeParams,
    presented: unknown,
  ): Promise<boolean> {
    if (!consentTokenMatches(session.csrfToken, params, presented)) return false;
    return this.sessions.replaceCsrfToken(session.id, session.csrfToken, randomToken(''));
  }

  cookieOptions() {
    return {
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: this.config.publicUrl.startsWith('https:'),
      path: '/oauth',
      maxAge: this.lifetimeMs(),
    };
  }

  /** The same attributes without a lifetime: a browser matches them to forget the cookie. */
  clearCookieOptions() {
    const { maxAge: _maxAge, ...options } = this.cookieOptions();
    return options;
  }

  private lifetimeMs(): number {
    return this.config.oauth.sessionHours * 3_600_000;
  }

  private idleMs(): number {
    return this.config.oauth.sessionIdleMinutes * 60_000;
  }
}
