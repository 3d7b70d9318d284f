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

  /**
   * The key of this session's consent tokens (CSRF): each token is an HMAC of the request
   * under it, and it is replaced once a consent form was answered, so a token serves once.
   */
  @Column({ name: 'csrf_token', type: 'varchar', length: 64 })
  csrfToken: string;

  @Column({ name: 'created_at' })
  createdAt: Date;

  /** The idle timeout counts from here. */
  @Column({ name: 'last_seen_at' })
  lastSeenAt: Date;

  /** The absolute lifetime: created_at + SESSION_TTL_HOURS. */
  @Column({ name: 'expires_at' })
  expiresAt: Date;
}
