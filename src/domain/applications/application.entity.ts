import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, Unique } from 'typeorm';
import { Account } from './account.entity';

/** A registered third-party application. Secrets are stored only as SHA-256 hashes. */
@Entity('applications')
@Unique('uq_applications_client_id', ['clientId'])
@Unique('uq_applications_api_key_id', ['apiKeyId'])
export class Application {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ name: 'account_id', type: 'varchar', length: 36 })
  accountId: string;

  @ManyToOne(() => Account)
  @JoinColumn({ name: 'account_id' })
  account?: Account;

  @Column({ name: 'client_id', type: 'varchar', length: 64 })
  clientId: string;

  /** Null for public applications (no secret; PKCE required). */
  @Column({ name: 'client_secret_hash', type: 'varchar', length: 64, nullable: true })
  clientSecretHash: string | null;

  /** Public part of the API key, used to find the row; the rest is compared by hash. */
  @Column({ name: 'api_key_id', type: 'varchar', length: 32 })
  apiKeyId: string;

  @Column({ name: 'api_key_hash', type: 'varchar', length: 64 })
  apiKeyHash: string;

  @Column({ name: 'callback_uris', type: 'simple-json' })
  callbackUris: string[];

  @Column({ name: 'is_public', type: 'boolean', default: false })
  isPublic: boolean;

  @Column({ name: 'created_at' })
  createdAt: Date;

  /** Set while an admin has it disabled: its keys and tokens refused, its data kept. */
  @Column({ name: 'disabled_at', type: Date, nullable: true })
  disabledAt?: Date | null;
}
