import { Column, Entity, PrimaryColumn, Unique } from 'typeorm';

/**
 * A user's authorization of an application: given once, then the consent page is skipped
 * (docs/api.md#authorization-endpoint).
 */
@Entity('oauth_consents')
@Unique('uq_oauth_consents_user_application', ['userId', 'applicationId'])
export class OAuthConsent {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'user_id', type: 'varchar', length: 36 })
  userId: string;

  @Column({ name: 'application_id', type: 'varchar', length: 36 })
  applicationId: string;

  @Column({ type: 'varchar', length: 100 })
  scope: string;

  @Column({ name: 'created_at' })
  createdAt: Date;
}
