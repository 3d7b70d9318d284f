import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';
import { portable } from './portable-columns';

/**
 * Share pages (docs/api.md#share-pages): one row per capability URL, its token stored hashed.
 * Deleted with their email (erasure): the foreign key cascades.
 */
export class Shares1765800000000 implements MigrationInterface {
  name = 'Shares1765800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const column = portable(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'shares',
        columns: [
          column.id(),
          column.ref('email_id'),
          column.ref('account_id'),
          column.varchar('token_hash', 64),
          column.date('created_at'),
          column.date('expires_at'),
          column.date('revoked_at', true),
        ],
        uniques: [{ name: 'uq_shares_token_hash', columnNames: ['token_hash'] }],
        foreignKeys: [
          new TableForeignKey({
            columnNames: ['email_id'],
            referencedTableName: 'emails',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
        ],
        indices: [new TableIndex({ name: 'ix_shares_email', columnNames: ['email_id'] })],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('shares');
  }
}
