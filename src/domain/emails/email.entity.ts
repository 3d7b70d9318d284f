import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { PreviewText } from '../../rendering';
import { OWNER_COLUMNS } from '../../platform/database/shared-columns';
import { EmailImage } from './email-image';
import { EmailResource } from './email-resource';

/** Where an email came from, as the receiving server saw it: what SPF is checked against. */
export interface EmailEnvelope {
  sending_ip: string;
  helo: string;
  /** MAIL FROM; absent: the From header's address. */
  mail_from?: string;
}

/**
 * An uploaded email. After EMAIL_TTL_HOURS its content is deleted and the row stays as
 * a tombstone (expiredAt set), so captures already made keep working.
 */
@Entity('emails')
export class Email {
  /** The email_guid (UUID v4). */
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Index('ix_emails_account_id')
  @Column(OWNER_COLUMNS.accountId)
  accountId: string;

  @Column(OWNER_COLUMNS.applicationId)
  applicationId: string;

  /** Set when created with an OAuth token: the user who granted access. */
  @Column(OWNER_COLUMNS.userId)
  userId: string | null;

  @Column(OWNER_COLUMNS.endUserId)
  endUserId: string | null;

  @Column({ type: 'text', nullable: true })
  subject: string | null;

  @Column({ name: 'from_address', type: 'varchar', length: 320, nullable: true })
  fromAddress: string | null;

  @Column({ name: 'from_display_name', type: 'varchar', length: 200, nullable: true })
  fromDisplayName: string | null;

  @Column({ name: 'html_text', type: 'text', nullable: true })
  htmlText: string | null;

  @Column({ name: 'plain_text', type: 'text', nullable: true })
  plainText: string | null;

  @Column({ name: 'raw_source', type: 'text', nullable: true })
  rawSource: string | null;

  /** The SMTP envelope the caller gave at upload, for SPF (docs/api.md#deliverability). */
  @Column({ type: 'simple-json', nullable: true })
  envelope: EmailEnvelope | null;

  /**
   * What authentication found (DKIM, SPF, DMARC, ARC, BIMI), kept once every lookup answered,
   * so later reads ask no DNS again; cleared with the content. Its shape is deliverability's.
   */
  @Column({ type: 'simple-json', nullable: true })
  authentication: object | null;

  /**
   * The preview text a message list shows (rendering/inbox/preview-text), read once at upload;
   * null for an email older than the column until its first inbox view. Cleared with the content.
   */
  @Column({ type: 'simple-json', nullable: true })
  preview: PreviewText | null;

  @Column({ type: 'simple-json' })
  images: EmailImage[];

  /**
   * Stylesheets and web fonts it loads, each stored, refused or failed (ResourceFetcher).
   * The table's default ('[]', for rows older than the column) is the migration's only: with
   * one here, TypeORM reads the column back after an insert on PostgreSQL as the raw text.
   */
  @Column({ type: 'simple-json' })
  resources: EmailResource[];

  @Column({ name: 'created_at' })
  createdAt: Date;

  @Index('ix_emails_expires_at')
  @Column({ name: 'expires_at' })
  expiresAt: Date;

  /** When the content was deleted (the email is a tombstone from then on). */
  @Column({ name: 'expired_at', type: Date, nullable: true })
  expiredAt: Date | null;
}
