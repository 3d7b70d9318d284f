import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * Engine failures counted apart from attempts: a restart starts a new attempt, and that must
 * not bring a capture closer to failing for good. Rows failed before keep the budget they
 * had used (their attempt number was their count).
 */
export class CaptureRenderFailures1765000000000 implements MigrationInterface {
  name = 'CaptureRenderFailures1765000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      'captures',
      new TableColumn({ name: 'render_failures', type: 'integer', default: 0 }),
    );
    await queryRunner.query(
      `UPDATE captures SET render_failures = attempt WHERE status = 'failed' AND failure = 'render'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('captures', 'render_failures');
  }
}
