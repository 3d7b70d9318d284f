import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A file storage:move is carrying, from before its copy until its source is deleted. What a
 * crash or Ctrl-C leaves here is finished by the next run: the file is kept where its record
 * holds it now and deleted from the other of the two locations.
 */
@Entity('storage_moves')
export class StorageMove {
  @PrimaryColumn({ type: 'varchar', length: 400 })
  key: string;

  @Column({ type: 'varchar', length: 40 })
  holder: string;

  @Column({ name: 'record_id', type: 'varchar', length: 36 })
  recordId: string;

  @Column({ name: 'from_location', type: 'varchar', length: 200 })
  fromLocation: string;

  @Column({ name: 'to_location', type: 'varchar', length: 200 })
  toLocation: string;

  @Column({ name: 'started_at' })
  startedAt: Date;
}
