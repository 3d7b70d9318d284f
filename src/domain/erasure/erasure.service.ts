import { Injectable } from '@nestjs/common';
import { ApiError } from '../../base/errors/api-error';
import type { Principal } from '../../base/security/principal';
import { AuditLog, type Actor } from '../audit/audit-log';
import { CaptureStateMachine } from '../captures/state/capture-state-machine';
import { EmailsService } from '../emails/emails.service';
import { WebhooksService } from '../webhooks/webhooks.service';

/** Rounds of erasing captures before the email's row is deleted (one, but for a race). */
const MAX_ROUNDS = 5;

export interface ErasedEmail {
  email_guid: string;
  captures_erased: number;
}

/**
 * An end user's right to erasure, before the 48-hour and 180-day jobs: an email goes at once
 * with everything made of it (its row, with content, addresses and kept authentication; its
 * stored images and resources; its captures and inbox views with their files and thumbnails;
 * diffs against it; its webhook events and prefetch batches). Usage records stay: they hold
 * no content and no address, and billing totals must not change. Each erasure is written to
 * the audit log.
 */
@Injectable()
export class ErasureService {
  constructor(
    private readonly emails: EmailsService,
    private readonly captures: CaptureStateMachine,
    private readonly webhooks: WebhooksService,
    private readonly audit: AuditLog,
  ) {}

  /** The caller's own email only: another account's is 404, as if it did not exist. */
  async eraseEmail(principal: Principal, guid: string, address: string): Promise<ErasedEmail> {
    const email = await this.emails.findById(guid);
    if (!email || email.accountId !== principal.accountId) {
      throw ApiError.notFound('No such email');
    }
    const erased = await this.erase(email.id);
    await this.audit.record(applicationActor(principal, address), {
      action: 'email.erase',
      target: { type: 'email', id: email.id },
      after: { application_id: email.applicationId, ...erased },
    });
    return erased;
  }

  /** Every email of one end user of `applicationId`; `actor`: who asked (audit log). */
  async eraseEndUser(
    applicationId: string,
    endUserId: string,
    actor: Actor,
  ): Promise<{ end_user_id: string; emails_erased: number; captures_erased: number }> {
    let captures = 0;
    const ids = await this.emails.idsOfEndUser(applicationId, endUserId);
    for (const id of ids) captures += (await this.erase(id)).captures_erased;
    const erased = { end_user_id: endUserId, emails_erased: ids.length, captures_erased: captures };
    await this.audit.record(actor, {
      action: 'end_user.erase',
      target: { type: 'end_user', id: endUserId },
      after: { application_id: applicationId, ...erased },
    });
    return erased;
  }

  /**
   * The email is expired first (no capture starts after), its captures erased, then its row
   * deleted; a capture that started just before the expiry holds the row (foreign key), so
   * its captures are erased again until none is left.
   */
  private async erase(id: string): Promise<ErasedEmail> {
    const email = await this.emails.findById(id);
    if (email) await this.emails.beginErasure(email);
    let captures = 0;
    for (let round = 1; ; round++) {
      captures += await this.captures.eraseEmail(id);
      if (!email || (await this.emails.deleteErased(id))) break;
      if (round === MAX_ROUNDS)
        throw new Error(`email ${id}: captures kept starting during erasure`);
    }
    await this.webhooks.forgetEmail(id);
    return { email_guid: id, captures_erased: captures };
  }
}

/** An application acting through its API key or a user's token, as the audit log names it. */
export function applicationActor(principal: Principal, address: string): Actor {
  return {
    staffKeyId: principal.applicationId,
    staffKeyName: `application ${principal.applicationId} (${principal.via})`,
    address,
  };
}
