import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { AppConfig } from '../config/app-config';
import { clientAddress } from './client-address';
import { ThrottleStore } from './throttle-store';
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

  async assertAllowed(request: Request): Promise<void> {
    if (!this.limit) return;
    const { blockedForMs } = await this.store.peek(this.keyOf(request));
    if (blockedForMs > 0)
      throw tooManyRequests(
        blockedForMs,
        'Too many failed authentication attempts from this address',
      );
  }

  async recordFailure(request: Request): Promise<void> {
    if (!this.limit) return;
    const windowMs = this.config.throttling.authFailureWindowMs;
    // Hits past the limit block: the last allowed failure already closes the door.
    await this.store.hit(this.keyOf(request), windowMs, this.limit - 1, windowMs);
  }

  /** Runs `authenticate`, refused up front while blocked; a 401 it throws is counted. */
  async guard<T>(request: Request, authenticate: () => Promise<T>): Promise<T> {
    await this.assertAllowed(request);
    try {
      return await authenticate();
    } catch (error) {
      if ((error as { getStatus?: () => number }).getStatus?.() === 401)
        await this.recordFailure(request);
      throw error;
    }
  }

  private get limit(): number {
    return this.config.throttling.authFailuresPerAddress;
  }

  private keyOf(request: Request): string {
    return `auth-failures:${clientAddress(request)}`;
  }
}
