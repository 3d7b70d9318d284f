import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/** Why a capture failed, as a typed value other processes read back (not error text). */
export class CaptureFailure1764200000000 implements MigrationInterface {
  name = 'CaptureFailure1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      'captures',
      new TableColumn({ name: 'failure', type: 'varchar', length: '16', isNullable: true }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('captures', 'failure');
  }
}
