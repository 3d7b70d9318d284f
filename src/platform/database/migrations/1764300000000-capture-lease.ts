import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { portable } from './portable-columns';

/** A pending capture is a lease: who renders it, and until when unless renewed. */
export class CaptureLease1764300000000 implements MigrationInterface {
  name = 'CaptureLease1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const column = portable(queryRunner);
    await queryRunner.addColumns('captures', [
      new TableColumn(column.varchar('lease_owner', 80, true)),
      new TableColumn(column.date('lease_expires_at', true)),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('captures', 'lease_expires_at');
    await queryRunner.dropColumn('captures', 'lease_owner');
  }
}
