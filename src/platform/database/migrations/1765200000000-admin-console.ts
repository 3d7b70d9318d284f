import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { portable } from './portable-columns';

/**
 * The admin API: applications and users an admin disables (their data kept), staff keys an
 * admin revokes, and the audit log of every admin action.
 */
export class AdminConsole1765200000000 implements MigrationInterface {
  name = 'AdminConsole1765200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const column = portable(queryRunner);
    await queryRunner.addColumn('applications', new TableColumn(column.date('disabled_at', true)));
    await queryRunner.addColumn('users', new TableColumn(column.date('disabled_at', true)));
    await queryRunner.addColumn('staff_keys', new TableColumn(column.date('revoked_at', true)));
    await queryRunner.createTable(
      new Table({
        name: 'audit_events',
        columns: [
          column.id(),
          column.date('at'),
          column.ref('staff_key_id'),
          column.varchar('staff_key_name', 200),
          column.varchar('action', 60),
          column.varchar('target_type', 30),
          column.varchar('target_id', 64),
          column.text('before', true),
          column.text('after', true),
          column.varchar('address', 64),
        ],
      }),
    );
    await queryRunner.createIndex(
      'audit_events',
      new TableIndex({ name: 'ix_audit_events_at', columnNames: ['at'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('audit_events');
    await queryRunner.dropColumn('staff_keys', 'revoked_at');
    await queryRunner.dropColumn('users', 'disabled_at');
    await queryRunner.dropColumn('applications', 'disabled_at');
  }
}
