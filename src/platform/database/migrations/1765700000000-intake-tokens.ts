import { MigrationInterface, QueryRunner, Table, TableUnique } from 'typeorm';
import { portable } from './portable-columns';

/** SMTP intake: each application's intake token (its address's local part). */
export class IntakeTokens1765700000000 implements MigrationInterface {
  name = 'IntakeTokens1765700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const column = portable(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'intake_tokens',
        columns: [
          { ...column.ref('application_id'), isPrimary: true },
          column.varchar('token', 32),
          column.date('created_at'),
        ],
        uniques: [new TableUnique({ name: 'uq_intake_tokens_token', columnNames: ['token'] })],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('intake_tokens');
  }
}
