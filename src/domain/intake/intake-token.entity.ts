import { Column, Entity, PrimaryColumn, Unique } from 'typeorm';

/**
 * An application's SMTP intake token: mail to `<token>@SMTP_DOMAIN` becomes its email
 * without AUTH (docs/api.md#smtp-intake). One per application, made on first use; rotating
 * replaces it, and the old address is refused from then on.
 */
@Entity('intake_tokens')
@Unique('uq_intake_tokens_token', ['token'])
export class IntakeToken {
  @PrimaryColumn({ name: 'application_id', type: 'varchar', length: 36 })
  applicationId: string;

  @Column({ type: 'varchar', length: 32 })
  token: string;

  @Column({ name: 'created_at' })
  createdAt: Date;
}
