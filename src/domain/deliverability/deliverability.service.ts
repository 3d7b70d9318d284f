import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { ApiError } from '../../base/errors/api-error';
import { emailGuid } from '../../base/text/email-guid';
import { AppConfig } from '../../platform/config/app-config';
import { Clock } from '../../platform/config/clock';
import { DnsLookups } from '../../platform/dns/dns-lookups';
import { spamdReport, SpamdError, SpamReport } from '../../platform/spamd/spamd-client';
import { SpamdProcess } from '../../platform/spamd/spamd-process';
import type { Email } from '../emails/email.entity';
import { EmailsService } from '../emails/emails.service';
import { AuthenticationAnswer, authenticateMessage } from './authentication';
import { messageOf, ScoredMessage } from './message-source';

/** How long one scan may take (a 100 KB message takes well under a second). */
const SCAN_TIMEOUT_MS = 30_000;

const MESSAGE_SAID = {
  raw_source: 'the raw_source as uploaded',
  built:
    'a MIME message built by the service from html_text and plain_text (multipart/alternative, with the From and Subject given at upload), not a message as a sending platform would send it: it carries no signature',
};

export interface DeliverabilityAnswer {
  spam: SpamReport & { scanned_by: string; network_tests: false };
  authentication: Omit<AuthenticationAnswer, 'incomplete'> & { kept: boolean };
  message: string;
}

/**
 * Will it land in the inbox (docs/api.md#deliverability): SpamAssassin's score of the email as
 * a whole message, with every rule it hit, and its authentication (DKIM, SPF, DMARC, ARC,
 * BIMI). What authentication found is kept with the email once every lookup answered; the
 * whole answer is kept in memory (an email never changes).
 */
@Injectable()
export class DeliverabilityService {
  private readonly answers = new LRUCache<string, Promise<DeliverabilityAnswer>>({ max: 500 });
  private readonly receiver: string;

  constructor(
    private readonly emails: EmailsService,
    private readonly spamd: SpamdProcess,
    private readonly dns: DnsLookups,
    private readonly clock: Clock,
    config: AppConfig,
  ) {
    this.receiver = new URL(config.publicUrl).hostname;
  }

  async deliverability(guid: string): Promise<DeliverabilityAnswer> {
    const email = await this.emails.findById(emailGuid(guid));
    if (!email) throw ApiError.notFound();
    if (email.expiredAt !== null || email.expiresAt <= this.clock.now())
      throw ApiError.notFound('This email has expired: its content is no longer kept');
    let answer = this.answers.get(email.id);
    if (!answer) {
      answer = this.answer(email);
      this.answers.set(email.id, answer);
      answer.then(
        (done) => !done.authentication.kept && this.answers.delete(email.id),
        () => this.answers.delete(email.id),
      );
    }
    return answer;
  }

  private async answer(email: Email): Promise<DeliverabilityAnswer> {
    const scored = await messageOf(email);
    const [spam, authentication] = await Promise.all([
      this.score(scored),
      this.authentication(email, scored),
    ]);
    return { spam, authentication, message: MESSAGE_SAID[scored.source] };
  }

  /** What authentication finds of an email (kept, or found now), without the spam score. */
  async authenticationOf(email: Email): Promise<DeliverabilityAnswer['authentication']> {
    return this.authentication(email, await messageOf(email));
  }

  /** Kept with the email, or found now and kept when every lookup answered. */
  private async authentication(
    email: Email,
    { message }: ScoredMessage,
  ): Promise<DeliverabilityAnswer['authentication']> {
    if (email.authentication)
      return { ...(email.authentication as AuthenticationAnswer), kept: true };
    const { incomplete, ...found } = await authenticateMessage({
      message,
      // SMTP's MAIL FROM, when the caller gave none: the From header's address, as bulk senders align it.
      envelope: email.envelope && {
        ...email.envelope,
        mail_from: email.envelope.mail_from ?? email.fromAddress ?? undefined,
      },
      resolver: this.dns.resolve,
      dnsServers: this.dns.servers,
      receiver: this.receiver,
    });
    if (!incomplete) await this.emails.keepAuthentication(email.id, found);
    return { ...found, kept: !incomplete };
  }

  private async score({ message }: ScoredMessage): Promise<DeliverabilityAnswer['spam']> {
    try {
      const report = await spamdReport(await this.spamd.address(), message, SCAN_TIMEOUT_MS);
      return { ...report, scanned_by: 'SpamAssassin (spamd)', network_tests: false };
    } catch (error) {
      if (error instanceof SpamdError)
        throw new ApiError(503, `Spam scoring is unavailable: ${error.message}`, {
          'Retry-After': '30',
        });
      throw error;
    }
  }
}
