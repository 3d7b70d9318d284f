import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { portable } from './portable-columns';

/** The stylesheets and web fonts an email loads, each with its fate (JSON, like `images`). */
export class EmailResources1764600000000 implements MigrationInterface {
  name = 'EmailResources1764600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const column = portable(queryRunner);
    // Emails created before loaded nothing but their images.
    await queryRunner.addColumn(
      'emails',
      new TableColumn({ ...column.text('resources'), default: "'[]'" }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('emails', 'resources');
  }
}
