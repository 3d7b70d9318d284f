import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { portable } from './portable-columns';

/** A capture whose pixels came from a render made for another configuration of its email. */
export class CaptureSharedRender1764400000000 implements MigrationInterface {
  name = 'CaptureSharedRender1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const column = portable(queryRunner);
    await queryRunner.addColumn(
      'captures',
      new TableColumn(column.boolean('shared_render', false)),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('captures', 'shared_render');
  }
}
