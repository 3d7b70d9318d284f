import { Injectable } from '@nestjs/common';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppConfig } from '../../platform/config/app-config';
import type { RateLimitPolicy } from '../../platform/throttling/rate-limit-fields';
import { ThrottleStore, type ThrottleState } from '../../platform/throttling/throttle-store';
import { AccessTokens } from './access-tokens';

/** Wrong passwords are counted over this window... */
const FAILURE_WINDOW_MS = 3_600_000;
/** ...and lockouts remembered this long, each doubling the next one. */
const LOCKOUT_MEMORY_MS = 24 * 3_600_000;

/** Where an attempt stands: the tightest of the counters it meets, as RateLimit fields say it. */
export interface LoginStanding {
  policy: RateLimitPolicy;
  state: ThrottleState;
}

export interface LoginAttempt {
  email: string;
  address: string;
  /** The device cookie the browser sent, if any. */
  device?: string;
}

/**
 * Sign-in backoff (OWASP "device cookies"). A browser that signed in to an account before
 * holds a device cookie for it, and its wrong passwords count against that device only. Any
 * other attempt counts against the account and against the address. Each counter allows
 * LOGIN_FREE_ATTEMPTS wrong passwords, then locks for LOGIN_BACKOFF_BASE, and every wrong
 * password after a lockout locks again for twice as long, up to LOGIN_BACKOFF_MAX. A right
 * password clears the counters it was checked against.
 *
 * So an attacker guessing an account's password gets a handful of tries an hour, and
 * cannot lock its owner out: the owner's own browser is not behind the account's lockout,
 * and every lockout ends by itself.
 */
@Injectable()
export class LoginThrottle {
  private readonly deviceKey: Buffer;

  constructor(
    private readonly store: ThrottleStore,
    private readonly config: AppConfig,
    tokens: AccessTokens,
  ) {
    this.deviceKey = createHmac('sha256', tokens.signingKey).update('login device').digest();
  }

  /** The attempt's standing: blocked (its password not checked) while `blockedForMs` > 0. */
  async standing(attempt: LoginAttempt): Promise<LoginStanding> {
    const states = await Promise.all(this.keysOf(attempt).map((key) => this.store.peek(key)));
    const tightest = states.reduce((worst, state) =>
      state.blockedForMs > worst.blockedForMs ||
      (worst.blockedForMs === 0 && state.hits > worst.hits)
        ? state
        : worst,
    );
    const policy = {
      name: 'login',
      limit: this.config.throttling.loginFreeAttempts,
      windowMs: FAILURE_WINDOW_MS,
    };
    return { policy, state: tightest };
  }

  /** Counts a wrong password; answers the attempt's standing after it. */
  async failed(attempt: LoginAttempt): Promise<LoginStanding> {
    const { loginFreeAttempts, loginBackoffBaseMs, loginBackoffMaxMs } = this.config.throttling;
    for (const key of this.keysOf(attempt)) {
      const lockouts = (await this.store.peek(`${key}:lockouts`)).hits;
      const blockMs = Math.min(loginBackoffBaseMs * 2 ** lockouts, loginBackoffMaxMs);
      // Hits past the limit lock: the last free wrong password already locks.
      const limit = lockouts === 0 ? loginFreeAttempts - 1 : 0;
      const state = await this.store.hit(key, FAILURE_WINDOW_MS, limit, blockMs);
      if (state.blockedForMs > 0)
        await this.store.hit(`${key}:lockouts`, LOCKOUT_MEMORY_MS, Infinity, 0);
    }
    return this.standing(attempt);
  }

  /** Clears what the attempt counted against; answers the device cookie to keep. */
  async succeeded(attempt: LoginAttempt): Promise<string> {
    for (const key of this.keysOf(attempt)) {
      await this.store.reset(key);
      await this.store.reset(`${key}:lockouts`);
    }
    const known = this.deviceOf(attempt);
    return known ? attempt.device! : this.deviceCookie(attempt.email);
  }

  private keysOf(attempt: LoginAttempt): string[] {
    const device = this.deviceOf(attempt);
    if (device) return [`login:device:${device}`];
    return [`login:account:${normalise(attempt.email)}`, `login:address:${attempt.address}`];
  }

  /** The device id, when the cookie was issued by this service for this account. */
  private deviceOf(attempt: LoginAttempt): string | null {
    const [id, mac] = (attempt.device ?? '').split('.');
    if (!id || !mac) return null;
    const expected = Buffer.from(this.mac(attempt.email, id));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
  }

  private deviceCookie(email: string): string {
    const id = randomBytes(16).toString('base64url');
    return `${id}.${this.mac(email, id)}`;
  }

  private mac(email: string, id: string): string {
    return createHmac('sha256', this.deviceKey)
      .update(`${normalise(email)}\n${id}`)
      .digest('base64url');
  }
}

const normalise = (email: string) => email.trim().toLowerCase();
