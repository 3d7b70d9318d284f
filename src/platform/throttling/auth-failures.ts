import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppConfig } from '../config/app-config';
import { clientAddress } from './client-address';
import { announceRateLimit, type RateLimitPolicy } from './rate-limit-fields';
import { ThrottleStore, type ThrottleState } from './throttle-store';
import { tooManyRequests } from './too-many-requests';

/**
 * Wrong API keys, bearer tokens and staff keys, counted per address: past
 * AUTH_FAILURES_PER_ADDRESS in AUTH_FAILURE_WINDOW, the address gets 429 for a window,
 * before any credential is looked up. Requests with good credentials are never counted.
 */
@Injectable()
export class AuthFailures {
  constructor(
    private readonly store: ThrottleStore,
    private readonly config: AppConfig,
  ) {}

  /**
   * Runs `authenticate`, refused up front while blocked; a 401 it throws is counted. The
   * answer carries this address's `"auth-failures"` RateLimit fields as they stand after it.
   */
  async guard<T>(request: Request, response: Response, authenticate: () => Promise<T>): Promise<T> {
    if (!this.limit) return authenticate();
    const key = this.keyOf(clientAddress(request));
    const before = await this.store.peek(key);
    if (before.blockedForMs > 0) {
      this.announce(response, before);
      throw tooManyRequests(
        before.blockedForMs,
        'Too many failed authentication attempts from this address',
      );
    }
    try {
      const result = await authenticate();
      this.announce(response, before);
      return result;
    } catch (error) {
      if ((error as { getStatus?: () => number }).getStatus?.() === 401) {
        const windowMs = this.config.throttling.authFailureWindowMs;
        // Hits past the limit block: the last allowed failure already closes the door.
        this.announce(response, await this.store.hit(key, windowMs, this.limit - 1, windowMs));
      }
      throw error;
    }
  }

  /** Whether `address` is refused for now: SMTP AUTH's check, where there is no request. */
  async blocked(address: string): Promise<boolean> {
    if (!this.limit) return false;
    return (await this.store.peek(this.keyOf(address))).blockedForMs > 0;
  }

  /** Counts one wrong credential from `address` (SMTP AUTH), as guard counts a 401. */
  async failed(address: string): Promise<void> {
    if (!this.limit) return;
    const windowMs = this.config.throttling.authFailureWindowMs;
    await this.store.hit(this.keyOf(address), windowMs, this.limit - 1, windowMs);
  }

  private announce(response: Response, state: ThrottleState): void {
    const policy: RateLimitPolicy = {
      name: 'auth-failures',
      limit: this.limit,
      windowMs: this.config.throttling.authFailureWindowMs,
    };
    announceRateLimit(response, policy, state);
  }

  private get limit(): number {
    return this.config.throttling.authFailuresPerAddress;
  }

  private keyOf(address: string): string {
    return `auth-failures:${address}`;
  }
}
