import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AppConfig } from '../../../platform/config/app-config';
import { Clock } from '../../../platform/config/clock';
import { CaptureStateMachine, Lease } from '../state/capture-state-machine';
import type { Capture } from '../state/capture.entity';
import type { CaptureAttempt } from '../state/capture-attempt';

/** How often an attempt that ended unrecorded tries again to hand its row back. */
const HAND_BACK_RETRY_MS = 1000;

/**
 * This process's leases on pending captures. A pending row names its owner
 * (`<INSTANCE_NAME>#<boot id>`) and an expiry that a heartbeat renews while the owner
 * still works on it: the heartbeat renews only the rows of attempts this process holds
 * (queued here or rendering), never a row whose attempt ended, so a row whose outcome could
 * not be written (a database or disk failure) goes stale instead of waiting forever. When
 * a process dies, its rows go stale within CAPTURE_LEASE_MS, and CaptureRecovery (or a
 * request first) captures them again. A restart under the same instance name takes its
 * former life's rows back at once, and a clean shutdown hands its own back before it exits.
 */
@Injectable()
export class CaptureLeases implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(CaptureLeases.name);
  readonly owner: string;
  private heartbeat?: NodeJS.Timeout;
  /** Captures whose attempt this process still works on, and by how many holders. */
  private readonly held = new Map<string, number>();

  constructor(
    private readonly store: CaptureStateMachine,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {
    this.owner = `${config.capture.instanceName}#${randomUUID().slice(0, 8)}`;
  }

  /** A lease held by this process. */
  mine(): Lease {
    return { owner: this.owner, until: this.until() };
  }

  /** This process works on the capture's attempt until `release`: its lease is renewed. */
  hold(captureId: string): void {
    this.held.set(captureId, (this.held.get(captureId) ?? 0) + 1);
  }

  release(captureId: string): void {
    const holders = (this.held.get(captureId) ?? 0) - 1;
    if (holders > 0) this.held.set(captureId, holders);
    else this.held.delete(captureId);
  }

  /** Whether this process still works on the capture's attempt (queued or rendering). */
  holds(captureId: string): boolean {
    return this.held.has(captureId);
  }

  /**
   * A pending row leased to this process that nothing here works on any more: its attempt
   * ended without its outcome being written. It is as good as stale.
   */
  isAbandonedHere(capture: Capture): boolean {
    return (
      capture.status === 'pending' &&
      capture.leaseOwner === this.owner &&
      !this.held.has(capture.id)
    );
  }

  /**
   * An attempt ended without a recorded outcome: its row is handed back (failed as
   * interrupted: recovered by a new attempt, whichever process comes first). While the database
   * refuses, this keeps trying until the lease would have expired anyway.
   */
  handBackAbandoned(job: CaptureAttempt, why: string): void {
    const giveUpAt = this.clock.now().getTime() + this.config.capture.leaseMs;
    const attempt = async (): Promise<void> => {
      try {
        await this.store.handBackAttempt(job, why);
      } catch (error) {
        if (this.clock.now().getTime() >= giveUpAt) {
          this.logger.warn(
            `capture ${job.captureId} left to its lease: ${(error as Error).message}`,
          );
          return;
        }
        setTimeout(() => void attempt(), HAND_BACK_RETRY_MS).unref();
      }
    };
    void attempt();
  }

  async onApplicationBootstrap(): Promise<void> {
    const instance = `${this.config.capture.instanceName}#`;
    const taken = (
      await this.store.handBack(
        (owner) => owner.startsWith(instance) && owner !== this.owner,
        'the process rendering it restarted',
      )
    ).length;
    if (taken) this.logger.warn(`took back ${taken} capture(s) from this instance's previous run`);
    const every = Math.max(250, Math.floor(this.config.capture.leaseMs / 3));
    this.heartbeat = setInterval(() => void this.renew(), every);
    this.heartbeat.unref();
  }

  /** Hands back what this process still holds (shutdown, after in-flight work had its grace). */
  async handBackMine(): Promise<CaptureAttempt[]> {
    clearInterval(this.heartbeat);
    return this.store.handBack((owner) => owner === this.owner, 'the service shut down');
  }

  onApplicationShutdown(): void {
    clearInterval(this.heartbeat);
  }

  private async renew(): Promise<void> {
    if (this.held.size === 0) return;
    await this.store
      .renewLeases(this.owner, this.until(), [...this.held.keys()])
      .catch((error: Error) => {
        this.logger.warn(`lease renewal failed: ${error.message}`);
      });
  }

  private until(): Date {
    return new Date(this.clock.now().getTime() + this.config.capture.leaseMs);
  }
}
