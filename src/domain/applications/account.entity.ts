import { Column, Entity, PrimaryColumn } from 'typeorm';

export type AccountKind = 'application' | 'user';

/** Who pays: every application and every user has exactly one billing account. */
@Entity('accounts')
export class Account {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ type: 'varchar', length: 16 })
  kind: AccountKind;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ name: 'created_at' })
  createdAt: Date;
}
