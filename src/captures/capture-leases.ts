import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AppConfig } from '../config/app-config';
import { Clock } from '../config/clock';
import { CaptureStore, Lease } from './capture-store';
import type { CaptureJob } from './queue/capture-queue';

/**
 * This process's leases on pending captures. A pending row names its owner
 * (`<INSTANCE_NAME>#<boot id>`) and an expiry that a heartbeat renews while the owner
 * lives: when a process dies, its rows go stale within CAPTURE_LEASE_MS and the next
 * request claims them. A restart under the same instance name takes its former life's
 * rows back at once, and a clean shutdown hands its own back before it exits.
 */
@Injectable()
export class CaptureLeases implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(CaptureLeases.name);
  readonly owner: string;
  private heartbeat?: NodeJS.Timeout;

  constructor(
    private readonly store: CaptureStore,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {
    this.owner = `${config.capture.instanceName}#${randomUUID().slice(0, 8)}`;
  }

  /** A lease held by this process. */
  mine(): Lease {
    return { owner: this.owner, until: this.until() };
  }

  /** A row waiting in a shared queue: no owner yet, stale only after the whole wait limit. */
  queued(): Lease {
    return {
      owner: null,
      until: new Date(this.clock.now().getTime() + this.config.capture.waitLimitMs),
    };
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
  async handBackMine(): Promise<CaptureJob[]> {
    clearInterval(this.heartbeat);
    return this.store.handBack((owner) => owner === this.owner, 'the service shut down');
  }

  onApplicationShutdown(): void {
    clearInterval(this.heartbeat);
  }

  private async renew(): Promise<void> {
    await this.store.renewLeases(this.owner, this.until()).catch((error: Error) => {
      this.logger.warn(`lease renewal failed: ${error.message}`);
    });
  }

  private until(): Date {
    return new Date(this.clock.now().getTime() + this.config.capture.leaseMs);
  }
}
