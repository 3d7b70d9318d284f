import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { portable } from './portable-columns';

/**
 * Deliverability: the envelope a caller may give at upload (sending IP, HELO, MAIL FROM, for
 * SPF) and the authentication results kept with the email, so later reads ask no DNS again.
 */
export class EmailDeliverability1765300000000 implements MigrationInterface {
  name = 'EmailDeliverability1765300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const column = portable(queryRunner);
    await queryRunner.addColumn('emails', new TableColumn(column.text('envelope', true)));
    await queryRunner.addColumn('emails', new TableColumn(column.text('authentication', true)));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('emails', 'authentication');
    await queryRunner.dropColumn('emails', 'envelope');
  }
}
