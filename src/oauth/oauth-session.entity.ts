import { Column, Entity, PrimaryColumn, Unique } from 'typeorm';

/** A login session of the authorization pages; the cookie holds the token, the row its hash. */
@Entity('oauth_sessions')
@Unique('uq_oauth_sessions_token_hash', ['tokenHash'])
export class OAuthSession {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash: string;

  @Column({ name: 'user_id', type: 'varchar', length: 36 })
  userId: string;

  /** Forms of this session carry it (CSRF). */
  @Column({ name: 'csrf_token', type: 'varchar', length: 64 })
  csrfToken: string;

  @Column({ name: 'expires_at' })
  expiresAt: Date;
}
