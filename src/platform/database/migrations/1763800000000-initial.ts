import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';
import { portable } from './portable-columns';

/** Accounts, applications and emails (foundation). */
export class Initial1763800000000 implements MigrationInterface {
  name = 'Initial1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = portable(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'accounts',
        columns: [c.id(), c.varchar('kind', 16), c.varchar('name', 200), c.date('created_at')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'applications',
        columns: [
          c.id(),
          c.varchar('name', 200),
          c.ref('account_id'),
          c.varchar('client_id', 64),
          c.varchar('client_secret_hash', 64, true),
          c.varchar('api_key_id', 32),
          c.varchar('api_key_hash', 64),
          c.text('callback_uris'),
          c.boolean('is_public', false),
          c.date('created_at'),
        ],
        uniques: [
          { name: 'uq_applications_client_id', columnNames: ['client_id'] },
          { name: 'uq_applications_api_key_id', columnNames: ['api_key_id'] },
        ],
        foreignKeys: [
          new TableForeignKey({
            columnNames: ['account_id'],
            referencedTableName: 'accounts',
            referencedColumnNames: ['id'],
          }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'emails',
        columns: [
          c.id(),
          c.ref('account_id'),
          c.ref('application_id'),
          c.ref('user_id', true),
          c.varchar('end_user_id', 64, true),
          c.text('subject', true),
          c.varchar('from_address', 320, true),
          c.varchar('from_display_name', 200, true),
          c.text('html_text', true),
          c.text('plain_text', true),
          c.text('raw_source', true),
          c.text('images'),
          c.date('created_at'),
          c.date('expires_at'),
          c.date('expired_at', true),
        ],
        foreignKeys: [
          new TableForeignKey({
            columnNames: ['account_id'],
            referencedTableName: 'accounts',
            referencedColumnNames: ['id'],
          }),
          new TableForeignKey({
            columnNames: ['application_id'],
            referencedTableName: 'applications',
            referencedColumnNames: ['id'],
          }),
        ],
        indices: [
          new TableIndex({ name: 'ix_emails_account_id', columnNames: ['account_id'] }),
          new TableIndex({ name: 'ix_emails_expires_at', columnNames: ['expires_at'] }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('emails');
    await queryRunner.dropTable('applications');
    await queryRunner.dropTable('accounts');
  }
}
