import { Column, Entity, PrimaryColumn, Unique } from 'typeorm';

/** An authorization code, stored only as its hash; single use, short-lived. */
@Entity('oauth_codes')
@Unique('uq_oauth_codes_hash', ['codeHash'])
export class OAuthCode {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'code_hash', type: 'varchar', length: 64 })
  codeHash: string;

  @Column({ name: 'application_id', type: 'varchar', length: 36 })
  applicationId: string;

  @Column({ name: 'user_id', type: 'varchar', length: 36 })
  userId: string;

  /** Null when the authorize request carried none (then the token request must carry none). */
  @Column({ name: 'redirect_uri', type: 'text', nullable: true })
  redirectUri: string | null;

  @Column({ name: 'code_challenge', type: 'varchar', length: 128, nullable: true })
  codeChallenge: string | null;

  @Column({ name: 'code_challenge_method', type: 'varchar', length: 8, nullable: true })
  codeChallengeMethod: string | null;

  @Column({ type: 'varchar', length: 100 })
  scope: string;

  @Column({ name: 'expires_at' })
  expiresAt: Date;

  /** Set when exchanged (or revoked): a second use fails and revokes what it issued. */
  @Column({ name: 'used_at', type: Date, nullable: true })
  usedAt: Date | null;
}
