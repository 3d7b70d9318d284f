import { Column, Entity, Index, PrimaryColumn, Unique } from 'typeorm';

/**
 * One billable capture: the first capture of a configuration. The truth for billing;
 * never updated or deleted by expiry. One per capture row (unique capture_id), so a
 * capture completed twice by racing workers is still billed once.
 */
@Entity('usage_records')
@Unique('uq_usage_records_capture_id', ['captureId'])
@Index('ix_usage_records_account_captured', ['accountId', 'capturedAt'])
@Index('ix_usage_records_captured_at', ['capturedAt'])
export class UsageRecord {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'capture_id', type: 'varchar', length: 36 })
  captureId: string;

  @Column({ name: 'account_id', type: 'varchar', length: 36 })
  accountId: string;

  @Column({ name: 'application_id', type: 'varchar', length: 36 })
  applicationId: string;

  @Column({ name: 'user_id', type: 'varchar', length: 36, nullable: true })
  userId: string | null;

  @Column({ name: 'end_user_id', type: 'varchar', length: 64, nullable: true })
  endUserId: string | null;

  @Column({ name: 'email_id', type: 'varchar', length: 36 })
  emailId: string;

  @Column({ type: 'varchar', length: 40 })
  client: string;

  @Column({ type: 'varchar', length: 16 })
  images: string;

  @Column({ type: 'varchar', length: 16 })
  orientation: string;

  @Column({ name: 'captured_at' })
  capturedAt: Date;

  @Column({ type: 'boolean', default: true })
  billable: boolean;
}
