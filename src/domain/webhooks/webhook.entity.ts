import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** An application's endpoint for events (Standard Webhooks), with its signing secret sealed. */
@Entity('webhooks')
@Index('ix_webhooks_application', ['applicationId'])
export class Webhook {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'application_id', type: 'varchar', length: 36 })
  applicationId: string;

  @Column({ type: 'text' })
  url: string;

  /** Event types it receives. */
  @Column({ type: 'simple-json' })
  events: string[];

  /** The whsec_ secret, encrypted with the service's key (it must sign, so it cannot be hashed). */
  @Column({ name: 'secret_sealed', type: 'text' })
  secretSealed: string;

  @Column({ name: 'created_at' })
  createdAt: Date;

  /** Since when every delivery has failed (null: the last one succeeded). */
  @Column({ name: 'failing_since', type: Date, nullable: true })
  failingSince: Date | null;

  @Column({ name: 'disabled_at', type: Date, nullable: true })
  disabledAt: Date | null;

  @Column({ name: 'disabled_reason', type: 'text', nullable: true })
  disabledReason: string | null;
}
