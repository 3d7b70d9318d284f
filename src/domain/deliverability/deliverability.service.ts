import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { ApiError } from '../../base/errors/api-error';
import { emailGuid } from '../../base/text/email-guid';
import { Clock } from '../../platform/config/clock';
import { spamdReport, SpamdError, SpamReport } from '../../platform/spamd/spamd-client';
import { SpamdProcess } from '../../platform/spamd/spamd-process';
import { EmailsService } from '../emails/emails.service';
import { messageOf } from './message-source';

/** How long one scan may take (a 100 KB message takes well under a second). */
const SCAN_TIMEOUT_MS = 30_000;

const MESSAGE_SAID = {
  raw_source: 'the raw_source as uploaded',
  built:
    'a MIME message built by the service from html_text and plain_text (multipart/alternative, with the From and Subject given at upload), not a message as a sending platform would send it',
};

export interface DeliverabilityAnswer {
  spam: SpamReport & { scanned_by: string; network_tests: false };
  message: string;
}

/**
 * Will it land in the inbox (docs/api.md#deliverability): SpamAssassin's score of the email as
 * a whole message, with every rule it hit. An email never changes, so its answer is kept.
 */
@Injectable()
export class DeliverabilityService {
  private readonly answers = new LRUCache<string, Promise<DeliverabilityAnswer>>({ max: 500 });

  constructor(
    private readonly emails: EmailsService,
    private readonly spamd: SpamdProcess,
    private readonly clock: Clock,
  ) {}

  async deliverability(guid: string): Promise<DeliverabilityAnswer> {
    const email = await this.emails.findById(emailGuid(guid));
    if (!email) throw ApiError.notFound();
    if (email.expiredAt !== null || email.expiresAt <= this.clock.now())
      throw ApiError.notFound('This email has expired: its content is no longer kept');
    let answer = this.answers.get(email.id);
    if (!answer) {
      answer = this.score(await messageOf(email));
      this.answers.set(email.id, answer);
      answer.catch(() => this.answers.delete(email.id));
    }
    return answer;
  }

  private async score({ message, source }: Awaited<ReturnType<typeof messageOf>>) {
    try {
      const report = await spamdReport(await this.spamd.address(), message, SCAN_TIMEOUT_MS);
      return {
        spam: { ...report, scanned_by: 'SpamAssassin (spamd)', network_tests: false as const },
        message: MESSAGE_SAID[source],
      };
    } catch (error) {
      if (error instanceof SpamdError)
        throw new ApiError(503, `Spam scoring is unavailable: ${error.message}`, {
          'Retry-After': '30',
        });
      throw error;
    }
  }
}
