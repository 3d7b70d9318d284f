import {
  BeforeApplicationShutdown,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { ApiError } from '../../../base/errors/api-error';
import { AppConfig } from '../../../platform/config/app-config';
import { Clock } from '../../../platform/config/clock';
import type { Email } from '../../emails/email.entity';
import { EmailsService } from '../../emails/emails.service';
import { EventsHub } from '../../../platform/events/events-hub';
import type { Capture } from '../state/capture.entity';
import type { CaptureFailed } from '../state/capture-attempt';
import { CheckedConfiguration, configurationOf } from '../state/capture-configuration';
import { CaptureConfigurations } from '../state/capture-configuration';
import { CaptureCoordinator } from './capture-coordinator';
import { captureFailed } from './capture-events';
import { CaptureLeases } from './capture-leases';
import { CaptureStateMachine } from '../state/capture-state-machine';
import { CaptureQueue } from '../queue/capture-queue';

/** Rows recovered per pass at most: a backlog after a long outage is taken in steps. */
const PASS_SIZE = 100;

const EXPIRED: CaptureFailed = {
  status: 'failed',
  failure: 'email-expired',
  error: 'the email has expired',
};

/**
 * Captures that no live process carries on are captured again without waiting for a
 * request (a prefetch has none): rows handed back by a shutdown or a restart, and pending
 * rows past their lease (their process died, whatever name it comes back under). Every API
 * process passes over them at boot and then every CAPTURE_LEASE_MS. Each is claimed by a
 * conditional update, so two processes never recover the same attempt; the queue's
 * admission paces them (a full queue leaves the rest to the next pass). An email past its
 * lifetime ends its capture as expired instead, so that its prefetch batch ends too.
 */
@Injectable()
export class CaptureRecovery implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(CaptureRecovery.name);
  private timer?: NodeJS.Timeout;
  private passing?: Promise<void>;

  constructor(
    private readonly store: CaptureStateMachine,
    private readonly queue: CaptureQueue,
    private readonly coordinator: CaptureCoordinator,
    private readonly configurations: CaptureConfigurations,
    private readonly emails: EmailsService,
    private readonly leases: CaptureLeases,
    private readonly events: EventsHub,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.pass(), this.config.capture.leaseMs);
    this.timer.unref();
    void this.pass();
  }

  /** A shutdown recovers nothing more (its queue refuses anyway): the pass under way ends. */
  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.passing;
  }

  /** One pass over the abandoned captures; never two at once. */
  pass(): Promise<void> {
    this.passing ??= this.recoverAll()
      .catch((error: Error) => this.logger.warn(`capture recovery: ${error.message}`))
      .finally(() => (this.passing = undefined));
    return this.passing;
  }

  private async recoverAll(): Promise<void> {
    let recovered = 0;
    for (const row of await this.store.findAbandoned(PASS_SIZE)) {
      if (row.status === 'pending' && (await this.queue.carries(row))) continue;
      const outcome = await this.recover(row);
      if (outcome === 'queue-full') break;
      if (outcome === 'started') recovered++;
    }
    if (recovered > 0) this.logger.warn(`recovering ${recovered} interrupted capture(s)`);
  }

  private async recover(row: Capture): Promise<'started' | 'ended' | 'skipped' | 'queue-full'> {
    const email = await this.emails.findById(row.emailId);
    if (!email || this.coordinator.isExpired(email)) {
      await this.endExpired(row, email);
      return 'ended';
    }
    let configuration: CheckedConfiguration;
    try {
      configuration = this.configurations.ofPreview(row.client, configurationOf(row));
    } catch (error) {
      // Its client left the catalogue (a new version): a request would get 400 for it too.
      this.logger.warn(`capture ${row.id} not recovered: ${(error as Error).message}`);
      return 'skipped';
    }
    try {
      await this.coordinator.reserve(1);
    } catch (error) {
      if (error instanceof ApiError && error.getStatus() === 503) return 'queue-full';
      throw error;
    }
    await this.coordinator.startReserved(email, [configuration], [row]);
    return 'started';
  }

  private async endExpired(row: Capture, email: Email | null): Promise<void> {
    const attempt = await this.store.claim(row, this.leases.mine());
    if (!attempt || !(await this.store.markFailed(attempt, EXPIRED.failure, EXPIRED.error))) return;
    if (email)
      this.events.publish(captureFailed(email, configurationOf(row), EXPIRED, this.clock.now()));
  }
}
