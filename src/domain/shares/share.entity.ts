import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A share page's capability (docs/api.md#share-pages): who made it for which email, until
 * when, and whether it was revoked. The token itself is never stored, only its SHA-256.
 */
@Entity('shares')
export class Share {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Index('ix_shares_email')
  @Column({ name: 'email_id', type: 'varchar', length: 36 })
  emailId: string;

  @Column({ name: 'account_id', type: 'varchar', length: 36 })
  accountId: string;

  @Column({ name: 'token_hash', type: 'varchar', length: 64, unique: true })
  tokenHash: string;

  @Column({ name: 'created_at' })
  createdAt: Date;

  /** The email's own expiry, or earlier when the creator asked. */
  @Column({ name: 'expires_at' })
  expiresAt: Date;

  @Column({ name: 'revoked_at', type: Date, nullable: true })
  revokedAt: Date | null;
}
