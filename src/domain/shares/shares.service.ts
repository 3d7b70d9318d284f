import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ApiError } from '../../base/errors/api-error';
import type { Principal } from '../../base/security/principal';
import { emailGuid } from '../../base/text/email-guid';
import { Clock } from '../../platform/config/clock';
import type { Email } from '../emails/email.entity';
import { EmailsService } from '../emails/emails.service';
import type { Share } from './share.entity';
import { ShareRepository } from './share.repository';
import { newShareToken, shareExpiry, shareIsLive, shareTokenHash } from './share-token';

/** A share just made: the token is in this answer only (the table keeps its hash). */
export interface CreatedShare {
  id: string;
  token: string;
  expiresAt: Date;
}

/**
 * Share pages' capabilities (docs/api.md#share-pages): made and revoked by the email's own
 * account only (any other: 404, as for erasure), and resolved from a presented token to the
 * email they show while neither they nor the email have expired.
 */
@Injectable()
export class SharesService {
  constructor(
    private readonly shares: ShareRepository,
    private readonly emails: EmailsService,
    private readonly clock: Clock,
  ) {}

  async create(principal: Principal, guid: string, hours?: number): Promise<CreatedShare> {
    const email = await this.ownLiveEmail(principal, guid);
    const now = this.clock.now();
    const { token, hash } = newShareToken();
    const share = await this.shares.insert({
      id: randomUUID(),
      emailId: email.id,
      accountId: principal.accountId,
      tokenHash: hash,
      createdAt: now,
      expiresAt: shareExpiry(now, email.expiresAt, hours),
      revokedAt: null,
    });
    return { id: share.id, token, expiresAt: share.expiresAt };
  }

  /** Revokes one share of the caller's email; revoking it again changes nothing. */
  async revoke(principal: Principal, guid: string, id: string): Promise<void> {
    const emailId = emailGuid(guid);
    const email = await this.emails.findById(emailId);
    if (!email || email.accountId !== principal.accountId) throw ApiError.notFound();
    const share = await this.shares.findOfEmail(id, emailId);
    if (!share || share.accountId !== principal.accountId) throw ApiError.notFound();
    await this.shares.revoke(share.id, this.clock.now());
  }

  /**
   * The share and email a token opens, or 404: unknown, revoked and expired answer the same,
   * so whether a token ever existed does not leak.
   */
  async open(token: string): Promise<{ share: Share; email: Email }> {
    const hash = shareTokenHash(token);
    const share = hash === null ? null : await this.shares.findByTokenHash(hash);
    const email = share && (await this.emails.findById(share.emailId));
    if (!share || !email || !shareIsLive(share, email, this.clock.now())) throw ApiError.notFound();
    return { share, email };
  }

  /** The caller's email, still holding its content (a share of a tombstone shows nothing). */
  private async ownLiveEmail(principal: Principal, guid: string): Promise<Email> {
    const email = await this.emails.findById(emailGuid(guid));
    if (!email || email.accountId !== principal.accountId) throw ApiError.notFound();
    if (email.expiredAt !== null || email.expiresAt <= this.clock.now())
      throw ApiError.notFound('This email has expired: its content is no longer kept');
    return email;
  }
}
