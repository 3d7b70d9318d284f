import { Column, Entity, PrimaryColumn, Unique } from 'typeorm';

/** A person who owns an account and can grant applications access (OAuth). */
@Entity('users')
@Unique('uq_users_email', ['email'])
export class User {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ type: 'varchar', length: 320 })
  email: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  /** argon2id. */
  @Column({ name: 'password_hash', type: 'varchar', length: 200 })
  passwordHash: string;

  @Column({ name: 'account_id', type: 'varchar', length: 36 })
  accountId: string;

  @Column({ name: 'created_at' })
  createdAt: Date;

  /** Set once an admin disables the user: no sign-in, their tokens refused. */
  @Column({ name: 'disabled_at', type: Date, nullable: true })
  disabledAt?: Date | null;
}
