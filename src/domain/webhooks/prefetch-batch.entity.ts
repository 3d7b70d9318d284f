import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** The configurations of one POST or prefetch call: prefetch.completed once all have ended. */
@Entity('prefetch_batches')
@Index('ix_prefetch_batches_email', ['emailId', 'completedAt'])
export class PrefetchBatch {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'email_id', type: 'varchar', length: 36 })
  emailId: string;

  @Column({ name: 'application_id', type: 'varchar', length: 36 })
  applicationId: string;

  @Column({ name: 'end_user_id', type: 'varchar', length: 64, nullable: true })
  endUserId: string | null;

  @Column({ type: 'simple-json' })
  configurations: { client: string; images: string; orientation: string }[];

  @Column({ name: 'created_at' })
  createdAt: Date;

  @Column({ name: 'completed_at', type: Date, nullable: true })
  completedAt: Date | null;
}
