import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { portable } from './portable-columns';

/** The journal of storage:move: a file from before its copy until its source is deleted. */
export class StorageMoves1764700000000 implements MigrationInterface {
  name = 'StorageMoves1764700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const column = portable(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'storage_moves',
        columns: [
          { ...column.varchar('key', 400), isPrimary: true },
          column.varchar('holder', 40),
          column.ref('record_id'),
          column.varchar('from_location', 200),
          column.varchar('to_location', 200),
          column.date('started_at'),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('storage_moves');
  }
}
