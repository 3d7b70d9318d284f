import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { portable } from './portable-columns';

/** Idempotency keys of creating requests: each one's first answer, sealed, for 24 hours. */
export class IdempotencyKeys1765500000000 implements MigrationInterface {
  name = 'IdempotencyKeys1765500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const column = portable(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'idempotency_keys',
        columns: [
          { ...column.varchar('id', 64), isPrimary: true },
          column.varchar('fingerprint', 64),
          column.integer('response_status', true),
          column.text('response_sealed', true),
          column.date('lease_until'),
          column.date('expires_at'),
          column.date('created_at'),
        ],
        indices: [
          new TableIndex({ name: 'ix_idempotency_keys_expiry', columnNames: ['expires_at'] }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('idempotency_keys');
  }
}
