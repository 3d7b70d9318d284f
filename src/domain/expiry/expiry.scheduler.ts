import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { AppConfig } from '../../platform/config/app-config';
import { ExpiryService } from './expiry.service';

/** Embedded mode: runs the expiry jobs every EXPIRY_INTERVAL in this process (never two at once here). */
@Injectable()
export class ExpiryScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger(ExpiryScheduler.name);
  private running = false;

  constructor(
    private readonly expiry: ExpiryService,
    private readonly registry: SchedulerRegistry,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    // Scale-out: the workers run expiry once per interval across all processes (BullMQ scheduler).
    if (this.config.expiryIntervalMs === 0 || this.config.runMode === 'scale-out') return;
    const timer = setInterval(() => void this.tick(), this.config.expiryIntervalMs);
    timer.unref();
    this.registry.addInterval('expiry', timer);
  }

  async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await this.expiry.run();
    } catch (error) {
      this.logger.error(`expiry run failed: ${(error as Error).stack}`);
    } finally {
      this.running = false;
    }
  }
}
