import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { portable } from './portable-columns';

/** Captures (one per email configuration) and the usage records billing reads. */
export class CapturesUsage1763900000000 implements MigrationInterface {
  name = 'CapturesUsage1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = portable(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'captures',
        columns: [
          c.id(),
          c.ref('email_id'),
          c.varchar('client', 40),
          c.varchar('images', 16),
          c.varchar('orientation', 16),
          c.varchar('status', 16),
          { ...c.integer('attempt'), default: 1 },
          c.date('claimed_at'),
          c.date('captured_at', true),
          c.date('expires_at', true),
          c.integer('viewport_width', true),
          c.text('files', true),
          c.text('report', true),
          c.text('error', true),
        ],
        uniques: [
          {
            name: 'uq_captures_configuration',
            columnNames: ['email_id', 'client', 'images', 'orientation'],
          },
        ],
        foreignKeys: [
          {
            columnNames: ['email_id'],
            referencedTableName: 'emails',
            referencedColumnNames: ['id'],
          },
        ],
        indices: [
          new TableIndex({
            name: 'ix_captures_status_expires',
            columnNames: ['status', 'expires_at'],
          }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'usage_records',
        columns: [
          c.id(),
          c.ref('capture_id'),
          c.ref('account_id'),
          c.ref('application_id'),
          c.ref('user_id', true),
          c.varchar('end_user_id', 64, true),
          c.ref('email_id'),
          c.varchar('client', 40),
          c.varchar('images', 16),
          c.varchar('orientation', 16),
          c.date('captured_at'),
          c.boolean('billable', true),
        ],
        uniques: [{ name: 'uq_usage_records_capture_id', columnNames: ['capture_id'] }],
        indices: [
          new TableIndex({
            name: 'ix_usage_records_account_captured',
            columnNames: ['account_id', 'captured_at'],
          }),
          new TableIndex({ name: 'ix_usage_records_captured_at', columnNames: ['captured_at'] }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('usage_records');
    await queryRunner.dropTable('captures');
  }
}
