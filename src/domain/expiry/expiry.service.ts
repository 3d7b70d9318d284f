import { Injectable, Logger } from '@nestjs/common';
import { CaptureStateMachine } from '../captures/state/capture-state-machine';
import { Clock } from '../../platform/config/clock';
import { EmailsService } from '../emails/emails.service';
import { IdempotentRequests } from '../idempotency/idempotent-requests';

export interface ExpiryCounts {
  emails_expired: number;
  captures_purged: number;
  idempotency_keys_purged: number;
}

/**
 * The lifetimes (docs/api.md#lifecycle-of-emails-and-captures), asked of their owners:
 * emails expire their content after EMAIL_TTL_HOURS, captures purge their files after
 * CAPTURE_TTL_DAYS; idempotency keys end after 24 hours. Touches no table.
 */
@Injectable()
export class ExpiryService {
  private readonly logger = new Logger(ExpiryService.name);

  constructor(
    private readonly emails: EmailsService,
    private readonly captures: CaptureStateMachine,
    private readonly clock: Clock,
    private readonly idempotency: IdempotentRequests,
  ) {}

  /** Runs the jobs once, judging ages as of `now` (the service clock by default). */
  async run(now: Date = this.clock.now()): Promise<ExpiryCounts> {
    const counts = {
      emails_expired: await this.emails.expireDue(now),
      captures_purged: await this.captures.purgeDue(now),
      idempotency_keys_purged: await this.idempotency.purgeExpired(now),
    };
    if (counts.emails_expired || counts.captures_purged) {
      this.logger.log(
        `expired ${counts.emails_expired} emails, purged ${counts.captures_purged} captures`,
      );
    }
    return counts;
  }
}
