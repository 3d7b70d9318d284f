import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { portable } from './portable-columns';

/** The colours and sizes a capture's text was drawn in: the pre-send checks read them. */
export class CaptureTextSamples1764900000000 implements MigrationInterface {
  name = 'CaptureTextSamples1764900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const column = portable(queryRunner);
    await queryRunner.addColumn('captures', new TableColumn(column.text('text_samples', true)));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('captures', 'text_samples');
  }
}
