import { Column, Entity, PrimaryColumn, Unique } from 'typeorm';

export type StaffRole = 'billing' | 'admin';

/** A key for the service's own staff (billing reports, admin); stored only as a hash. */
@Entity('staff_keys')
@Unique('uq_staff_keys_key_id', ['keyId'])
export class StaffKey {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 16 })
  role: StaffRole;

  @Column({ name: 'key_id', type: 'varchar', length: 32 })
  keyId: string;

  @Column({ name: 'key_hash', type: 'varchar', length: 64 })
  keyHash: string;

  @Column({ name: 'created_at' })
  createdAt: Date;

  /** Set once revoked: the key is refused from then on. */
  @Column({ name: 'revoked_at', type: Date, nullable: true })
  revokedAt?: Date | null;
}
