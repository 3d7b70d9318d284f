import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { portable } from './portable-columns';

/**
 * The preview text a message list shows, read once at upload (or at an older email's first
 * inbox view), so that drawing or answering an inbox view never reads the whole HTML again.
 */
export class EmailPreview1765400000000 implements MigrationInterface {
  name = 'EmailPreview1765400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const column = portable(queryRunner);
    await queryRunner.addColumn('emails', new TableColumn(column.text('preview', true)));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('emails', 'preview');
  }
}
