import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { portable } from './portable-columns';

/**
 * Login sessions get an absolute lifetime and an idle timeout: when each began and when it
 * was last used. Sessions from before cannot say either, so they end (users sign in again).
 */
export class SessionLifetimes1764500000000 implements MigrationInterface {
  name = 'SessionLifetimes1764500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const column = portable(queryRunner);
    await queryRunner.query('DELETE FROM oauth_sessions');
    await queryRunner.addColumns('oauth_sessions', [
      new TableColumn(column.date('created_at')),
      new TableColumn(column.date('last_seen_at')),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('oauth_sessions', 'last_seen_at');
    await queryRunner.dropColumn('oauth_sessions', 'created_at');
  }
}
