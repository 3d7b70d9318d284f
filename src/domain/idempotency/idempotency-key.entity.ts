import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One Idempotency-Key of one caller: while its request runs, a claim (no response yet, held
 * until `leaseUntil`); then the first answer, sealed, until `expiresAt`.
 */
@Entity('idempotency_keys')
@Index('ix_idempotency_keys_expiry', ['expiresAt'])
export class IdempotencyKey {
  /** SHA-256 of the caller and the key: the key itself is never stored. */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  /** SHA-256 of the request's method, path and body. */
  @Column({ type: 'varchar', length: 64 })
  fingerprint: string;

  @Column({ name: 'response_status', type: 'integer', nullable: true })
  responseStatus: number | null;

  @Column({ name: 'response_sealed', type: 'text', nullable: true })
  responseSealed: string | null;

  @Column({ name: 'lease_until' })
  leaseUntil: Date;

  @Column({ name: 'expires_at' })
  expiresAt: Date;

  @Column({ name: 'created_at' })
  createdAt: Date;
}
