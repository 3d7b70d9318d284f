import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { portable } from './portable-columns';

/** The lease of the storage:move that runs: one run at a time. */
export class StorageMoveRuns1765100000000 implements MigrationInterface {
  name = 'StorageMoveRuns1765100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const column = portable(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'storage_move_runs',
        columns: [
          { ...column.varchar('name', 40), isPrimary: true },
          column.ref('run_id'),
          column.varchar('owner', 200),
          column.varchar('to_location', 200),
          column.date('started_at'),
          column.date('lease_expires_at'),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('storage_move_runs');
  }
}
