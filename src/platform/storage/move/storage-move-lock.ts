import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { ApiError } from '../../../base/errors/api-error';
import { Clock } from '../../config/clock';
import { RUN_LOCK } from './storage-move-run.entity';
import { StorageMoveRunRepository } from './storage-move-run.repository';

/** A run's lease, renewed well within it: a run that died is taken over a minute later. */
const LEASE_MS = 60_000;
const RENEW_MS = 15_000;

/** One storage:move at a time, across every process on the database. */
@Injectable()
export class StorageMoveLock {
  constructor(
    private readonly runs: StorageMoveRunRepository,
    private readonly clock: Clock,
  ) {}

  /** Runs `move` holding the lease; 409 naming the run that holds it, before anything moves. */
  async hold<T>(to: string, move: () => Promise<T>): Promise<T> {
    const now = this.clock.now();
    const run = {
      name: RUN_LOCK,
      runId: randomUUID(),
      owner: `${hostname()} pid ${process.pid}`,
      toLocation: to,
      startedAt: now,
      leaseExpiresAt: this.leaseFrom(now),
    };
    const holder = await this.runs.claim(run, now);
    if (holder)
      throw new ApiError(
        409,
        `another storage:move is running (${holder.owner}, to ${holder.toLocation}, started ${holder.startedAt.toISOString()}): nothing was moved; run this again once that one has ended`,
      );
    const renewal = setInterval(() => {
      this.runs.renew(run.runId, this.leaseFrom(this.clock.now())).catch(() => undefined);
    }, RENEW_MS);
    try {
      return await move();
    } finally {
      clearInterval(renewal);
      await this.runs.release(run.runId);
    }
  }

  private leaseFrom(now: Date): Date {
    return new Date(now.getTime() + LEASE_MS);
  }
}
