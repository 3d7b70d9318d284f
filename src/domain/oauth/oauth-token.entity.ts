import { Column, Entity, Index, PrimaryColumn, Unique } from 'typeorm';

/**
 * An access token and its refresh token, both stored only as hashes. `familyId` is the
 * authorization code they descend from: refreshes stay in the family, and reuse of a spent
 * code or refresh token revokes the whole family (RFC 9700 4.14).
 */
@Entity('oauth_tokens')
@Unique('uq_oauth_tokens_access_hash', ['accessHash'])
@Unique('uq_oauth_tokens_refresh_hash', ['refreshHash'])
@Index('ix_oauth_tokens_family', ['familyId'])
export class OAuthTokenRow {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'access_hash', type: 'varchar', length: 64 })
  accessHash: string;

  @Column({ name: 'refresh_hash', type: 'varchar', length: 64, nullable: true })
  refreshHash: string | null;

  @Column({ name: 'application_id', type: 'varchar', length: 36 })
  applicationId: string;

  @Column({ name: 'user_id', type: 'varchar', length: 36 })
  userId: string;

  @Column({ name: 'family_id', type: 'varchar', length: 64 })
  familyId: string;

  @Column({ type: 'varchar', length: 100 })
  scope: string;

  @Column({ name: 'access_expires_at' })
  accessExpiresAt: Date;

  @Column({ name: 'refresh_expires_at', type: Date, nullable: true })
  refreshExpiresAt: Date | null;

  @Column({ name: 'revoked_at', type: Date, nullable: true })
  revokedAt: Date | null;

  @Column({ name: 'created_at' })
  createdAt: Date;
}
