import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { keptSecret } from '../../base/security/kept-secret';
import { openSealed, seal, sealingKey } from '../../base/security/sealing';
import { AppConfig } from '../../platform/config/app-config';
import { Clock } from '../../platform/config/clock';
import type { IdempotencyKey } from './idempotency-key.entity';
import { IdempotencyKeyRepository } from './idempotency-key.repository';

/** How long a key answers its first answer again (draft-ietf-httpapi-idempotency-key-header). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3_600_000;
/**
 * How long a request may run under its key before another may take the key over: a process
 * that died mid-request leaves its claim, and the caller's retry must not be refused for a
 * day. Far beyond any creating request's time (the longest, a comparison, waits at most
 * CAPTURE_WAIT_LIMIT_MS for its captures).
 */
const CLAIM_LEASE_MS = 15 * 60_000;

export type Claim =
  /** The caller's request runs, then `answer` or `release`. */
  | { kind: 'claimed'; id: string }
  | { kind: 'replay'; status: number; body: unknown }
  /** The key was used with another request. */
  | { kind: 'mismatch' }
  /** A request with this key is still running. */
  | { kind: 'running' };

/**
 * Idempotency keys of creating requests, shared by every API process through the database:
 * the first request with a key runs, its answer is kept sealed (it may hold a secret shown
 * once, as a new application's API key) and the same request with the same key within 24
 * hours gets that answer again without running.
 */
@Injectable()
export class IdempotentRequests {
  private readonly key: Buffer;

  constructor(
    private readonly rows: IdempotencyKeyRepository,
    private readonly clock: Clock,
    config: AppConfig,
  ) {
    const material = keptSecret(config.dataDir, config.webhooks.secretKey, 'webhook-secret-key');
    this.key = sealingKey(material, 'idempotent-responses');
  }

  /** `caller`: whose keys these are (an account, a staff key); keys never cross callers. */
  async claim(caller: string, key: string, fingerprint: string): Promise<Claim> {
    const id = createHash('sha256').update(`${caller}\n${key}`).digest('hex');
    // Two rounds: a row found stale is removed and the key claimed again; a second
    // conflict means another request claimed it in between.
    for (let round = 0; round < 2; round++) {
      const now = this.clock.now();
      const claimed = await this.rows.claim({
        id,
        fingerprint,
        responseStatus: null,
        responseSealed: null,
        leaseUntil: new Date(now.getTime() + CLAIM_LEASE_MS),
        expiresAt: new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_MS),
        createdAt: now,
      });
      if (claimed) return { kind: 'claimed', id };
      const row = await this.rows.find(id);
      if (!row) continue;
      const answer = this.answerOf(row, now);
      if (answer === 'stale') {
        await this.rows.removeIfUnchanged(row);
        continue;
      }
      if (row.fingerprint !== fingerprint) return { kind: 'mismatch' };
      return answer;
    }
    return { kind: 'running' };
  }

  async answer(id: string, status: number, body: unknown): Promise<void> {
    await this.rows.answer(id, status, seal(this.key, JSON.stringify(body ?? null)));
  }

  async release(id: string): Promise<void> {
    await this.rows.release(id);
  }

  /** Removes keys past their 24 hours (the expiry schedule). */
  purgeExpired(now: Date): Promise<number> {
    return this.rows.deleteExpired(now);
  }

  private answerOf(row: IdempotencyKey, now: Date): Claim | 'stale' {
    if (row.expiresAt <= now) return 'stale';
    if (row.responseSealed === null) return row.leaseUntil <= now ? 'stale' : { kind: 'running' };
    // A seal this process cannot open (WEBHOOK_SECRET_KEY changed) counts as no answer.
    const opened = openSealed(this.key, row.responseSealed);
    if (opened === null) return 'stale';
    return { kind: 'replay', status: row.responseStatus ?? 200, body: JSON.parse(opened) };
  }
}
