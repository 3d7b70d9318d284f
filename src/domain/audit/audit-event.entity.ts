import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One admin action: who (the staff key, by id and name as it was), what, on which target,
 * the target before and after (JSON, never a secret), when and from which address.
 */
@Entity('audit_events')
@Index('ix_audit_events_at', ['at'])
export class AuditEvent {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column()
  at: Date;

  @Column({ name: 'staff_key_id', type: 'varchar', length: 36 })
  staffKeyId: string;

  @Column({ name: 'staff_key_name', type: 'varchar', length: 200 })
  staffKeyName: string;

  @Column({ type: 'varchar', length: 60 })
  action: string;

  @Column({ name: 'target_type', type: 'varchar', length: 30 })
  targetType: string;

  @Column({ name: 'target_id', type: 'varchar', length: 64 })
  targetId: string;

  @Column({ type: 'simple-json', nullable: true })
  before: Record<string, unknown> | null;

  @Column({ type: 'simple-json', nullable: true })
  after: Record<string, unknown> | null;

  @Column({ type: 'varchar', length: 64 })
  address: string;
}
