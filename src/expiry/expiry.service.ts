import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull, LessThanOrEqual } from 'typeorm';
import { Clock } from '../config/clock';
import { Email } from '../emails/email.entity';
import { Capture } from '../captures/capture.entity';
import { Storage } from '../storage/storage';

const BATCH = 100;

export interface ExpiryCounts {
  emails_expired: number;
  captures_purged: number;
}

/**
 * The two lifetimes of SPEC 3: an email's content is deleted EMAIL_TTL_HOURS after upload
 * (the row stays as a tombstone, captures made stay available); a capture's files are
 * deleted CAPTURE_TTL_DAYS after capture (it becomes "no longer available"). Each row is
 * claimed by a conditional update before its files are deleted, so several processes can
 * run this at once: nothing is deleted twice, nothing is missed, counts add up.
 */
@Injectable()
export class ExpiryService {
  private readonly logger = new Logger(ExpiryService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly storage: Storage,
    private readonly clock: Clock,
  ) {}

  /** Runs both jobs once, judging ages as of `now` (the service clock by default). */
  async run(now: Date = this.clock.now()): Promise<ExpiryCounts> {
    const counts = {
      emails_expired: await this.expireEmails(now),
      captures_purged: await this.purgeCaptures(now),
    };
    if (counts.emails_expired || counts.captures_purged) {
      this.logger.log(
        `expired ${counts.emails_expired} emails, purged ${counts.captures_purged} captures`,
      );
    }
    return counts;
  }

  private async expireEmails(now: Date): Promise<number> {
    const emails = this.dataSource.getRepository(Email);
    let count = 0;
    for (;;) {
      const batch = await emails.find({
        select: { id: true, images: true },
        where: { expiredAt: IsNull(), expiresAt: LessThanOrEqual(now) },
        order: { expiresAt: 'ASC' },
        take: BATCH,
      });
      if (batch.length === 0) return count;
      for (const email of batch) {
        const claimed = await emails.update(
          { id: email.id, expiredAt: IsNull() },
          {
            expiredAt: now,
            htmlText: null,
            plainText: null,
            rawSource: null,
            subject: null,
            fromAddress: null,
            fromDisplayName: null,
            images: [],
          },
        );
        if (claimed.affected !== 1) continue;
        await this.storage.delete(email.images.flatMap((image) => (image.key ? [image.key] : [])));
        count++;
      }
    }
  }

  private async purgeCaptures(now: Date): Promise<number> {
    const captures = this.dataSource.getRepository(Capture);
    let count = 0;
    for (;;) {
      const batch = await captures.find({
        select: { id: true, files: true },
        where: { status: 'captured', expiresAt: LessThanOrEqual(now) },
        order: { expiresAt: 'ASC' },
        take: BATCH,
      });
      if (batch.length === 0) return count;
      for (const capture of batch) {
        const claimed = await captures.update(
          { id: capture.id, status: 'captured' },
          { status: 'purged', files: null },
        );
        if (claimed.affected !== 1) continue;
        await this.storage.delete(Object.values(capture.files ?? {}).map((file) => file.key));
        count++;
      }
    }
  }
}
