import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { ApiError } from '../../base/errors/api-error';
import { emailGuid } from '../../base/text/email-guid';
import { AppConfig } from '../../platform/config/app-config';
import { Clock } from '../../platform/config/clock';
import { spamdReport, SpamdError, SpamReport } from '../../platform/spamd/spamd-client';
import { SCAN_TIMEOUT_MS, SpamdProcess } from '../../platform/spamd/spamd-process';
import { notScannedBecause, SpamdShare } from '../../platform/spamd/spamd-share';
import type { Email } from '../emails/email.entity';
import { EmailsService } from '../emails/emails.service';
import type { AuthenticationAnswer } from './authentication';
import { AuthenticationChecker } from './authentication-checker';
import { messageOf, ScoredMessage } from './message-source';

const MESSAGE_SAID = {
  raw_source: 'the raw_source as uploaded',
  built:
    'a MIME message built by the service from html_text and plain_text (multipart/alternative, with the From and Subject given at upload), not a message as a sending platform would send it: it carries no signature',
};

/** SpamAssassin's verdict, or (a message past the scan limits) why there is none. */
type SpamAnswer =
  SpamReport | { score: null; threshold: null; is_spam: null; rules: []; not_scanned: string };

export interface DeliverabilityAnswer {
  spam: SpamAnswer & { scanned_by: string; network_tests: false };
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
  private readonly share = new SpamdShare();

  constructor(
    private readonly emails: EmailsService,
    private readonly spamd: SpamdProcess,
    private readonly checker: AuthenticationChecker,
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
      this.score(email.accountId, scored),
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
    const { incomplete, ...found } = await this.checker.check(
      message,
      // SMTP's MAIL FROM, when the caller gave none: the From header's address, as bulk senders align it.
      email.envelope && {
        ...email.envelope,
        mail_from: email.envelope.mail_from ?? email.fromAddress ?? undefined,
      },
      this.receiver,
    );
    if (!incomplete) await this.emails.keepAuthentication(email.id, found);
    return { ...found, kept: !incomplete };
  }

  /** spamd's report, each account taking its turn (SpamdShare), within the scan limits. */
  private async score(
    account: string,
    { message }: ScoredMessage,
  ): Promise<DeliverabilityAnswer['spam']> {
    const said = { scanned_by: 'SpamAssassin (spamd)', network_tests: false } as const;
    const notScanned = notScannedBecause(message);
    if (notScanned)
      return {
        score: null,
        threshold: null,
        is_spam: null,
        rules: [],
        not_scanned: notScanned,
        ...said,
      };
    try {
      const address = await this.spamd.address();
      const report = await this.share.run(account, () =>
        spamdReport(address, message, SCAN_TIMEOUT_MS),
      );
      return { ...report, ...said };
    } catch (error) {
      if (error instanceof SpamdError)
        throw new ApiError(503, `Spam scoring is unavailable: ${error.message}`, {
          'Retry-After': '30',
        });
      throw error;
    }
  }
}
