import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The storage:move running now, if any: one row, its lease renewed while it runs. A second
 * run beside it would settle the first one's journal rows as left by a crash (deleting
 * copies under way) and race it file by file; it is refused instead. A run that died
 * leaves a lease that runs out, and the next run takes it over.
 */
@Entity('storage_move_runs')
export class StorageMoveRun {
  /** Always RUN_LOCK: the primary key keeps runs to one. */
  @PrimaryColumn({ type: 'varchar', length: 40 })
  name: string;

  @Column({ name: 'run_id', type: 'varchar', length: 36 })
  runId: string;

  /** Host and process, for whoever is refused. */
  @Column({ type: 'varchar', length: 200 })
  owner: string;

  @Column({ name: 'to_location', type: 'varchar', length: 200 })
  toLocation: string;

  @Column({ name: 'started_at' })
  startedAt: Date;

  @Column({ name: 'lease_expires_at' })
  leaseExpiresAt: Date;
}

export const RUN_LOCK = 'storage:move';
