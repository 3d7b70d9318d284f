import { Column, Entity, Index, PrimaryColumn, Unique } from 'typeorm';
import { OWNER_COLUMNS, CONFIGURATION_COLUMNS } from '../../platform/database/shared-columns';

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

  @Column(OWNER_COLUMNS.accountId)
  accountId: string;

  @Column(OWNER_COLUMNS.applicationId)
  applicationId: string;

  @Column(OWNER_COLUMNS.userId)
  userId: string | null;

  @Column(OWNER_COLUMNS.endUserId)
  endUserId: string | null;

  @Column(CONFIGURATION_COLUMNS.emailId)
  emailId: string;

  @Column(CONFIGURATION_COLUMNS.client)
  client: string;

  @Column(CONFIGURATION_COLUMNS.images)
  images: string;

  @Column(CONFIGURATION_COLUMNS.orientation)
  orientation: string;

  @Column({ name: 'captured_at' })
  capturedAt: Date;

  @Column({ type: 'boolean', default: true })
  billable: boolean;
}
