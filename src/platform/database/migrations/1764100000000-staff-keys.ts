import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { portable } from './portable-columns';

/** Staff keys (billing and admin staff). */
export class StaffKeys1764100000000 implements MigrationInterface {
  name = 'StaffKeys1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = portable(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'staff_keys',
        columns: [
          c.id(),
          c.varchar('name', 200),
          c.varchar('role', 16),
          c.varchar('key_id', 32),
          c.varchar('key_hash', 64),
          c.date('created_at'),
        ],
        uniques: [{ name: 'uq_staff_keys_key_id', columnNames: ['key_id'] }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('staff_keys');
  }
}
