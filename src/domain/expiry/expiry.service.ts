import { Injectable, Logger } from '@nestjs/common';
import { CaptureStateMachine } from '../captures/state/capture-state-machine';
import { Clock } from '../../platform/config/clock';
import { EmailsService } from '../emails/emails.service';

export interface ExpiryCounts {
  emails_expired: number;
  captures_purged: number;
}

/**
 * The two lifetimes (docs/api.md#lifecycle-of-emails-and-captures), asked of their owners:
 * emails expire their content after EMAIL_TTL_HOURS, captures purge their files after
 * CAPTURE_TTL_DAYS. Touches no table.
 */
@Injectable()
export class ExpiryService {
  private readonly logger = new Logger(ExpiryService.name);

  constructor(
    private readonly emails: EmailsService,
    private readonly captures: CaptureStateMachine,
    private readonly clock: Clock,
  ) {}

  /** Runs both jobs once, judging ages as of `now` (the service clock by default). */
  async run(now: Date = this.clock.now()): Promise<ExpiryCounts> {
    const counts = {
      emails_expired: await this.emails.expireDue(now),
      captures_purged: await this.captures.purgeDue(now),
    };
    if (counts.emails_expired || counts.captures_purged) {
      this.logger.log(
        `expired ${counts.emails_expired} emails, purged ${counts.captures_purged} captures`,
      );
    }
    return counts;
  }
}
