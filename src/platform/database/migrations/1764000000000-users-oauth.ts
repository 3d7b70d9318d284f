import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { portable } from './portable-columns';

/** Users (account owners) and the OAuth authorization server's consents, codes, tokens, sessions. */
export class UsersOAuth1764000000000 implements MigrationInterface {
  name = 'UsersOAuth1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = portable(queryRunner);
    const fk = (column: string, table: string) => ({
      columnNames: [column],
      referencedTableName: table,
      referencedColumnNames: ['id'],
    });
    await queryRunner.createTable(
      new Table({
        name: 'users',
        columns: [
          c.id(),
          c.varchar('email', 320),
          c.varchar('name', 200),
          c.varchar('password_hash', 200),
          c.ref('account_id'),
          c.date('created_at'),
        ],
        uniques: [{ name: 'uq_users_email', columnNames: ['email'] }],
        foreignKeys: [fk('account_id', 'accounts')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'oauth_consents',
        columns: [
          c.id(),
          c.ref('user_id'),
          c.ref('application_id'),
          c.varchar('scope', 100),
          c.date('created_at'),
        ],
        uniques: [
          {
            name: 'uq_oauth_consents_user_application',
            columnNames: ['user_id', 'application_id'],
          },
        ],
        foreignKeys: [fk('user_id', 'users'), fk('application_id', 'applications')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'oauth_codes',
        columns: [
          c.id(),
          c.varchar('code_hash', 64),
          c.ref('application_id'),
          c.ref('user_id'),
          c.text('redirect_uri', true),
          c.varchar('code_challenge', 128, true),
          c.varchar('code_challenge_method', 8, true),
          c.varchar('scope', 100),
          c.date('expires_at'),
          c.date('used_at', true),
        ],
        uniques: [{ name: 'uq_oauth_codes_hash', columnNames: ['code_hash'] }],
        foreignKeys: [fk('user_id', 'users'), fk('application_id', 'applications')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'oauth_tokens',
        columns: [
          c.id(),
          c.varchar('access_hash', 64),
          c.varchar('refresh_hash', 64, true),
          c.ref('application_id'),
          c.ref('user_id'),
          c.varchar('family_id', 64),
          c.varchar('scope', 100),
          c.date('access_expires_at'),
          c.date('refresh_expires_at', true),
          c.date('revoked_at', true),
          c.date('created_at'),
        ],
        uniques: [
          { name: 'uq_oauth_tokens_access_hash', columnNames: ['access_hash'] },
          { name: 'uq_oauth_tokens_refresh_hash', columnNames: ['refresh_hash'] },
        ],
        foreignKeys: [fk('user_id', 'users'), fk('application_id', 'applications')],
        indices: [new TableIndex({ name: 'ix_oauth_tokens_family', columnNames: ['family_id'] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'oauth_sessions',
        columns: [
          c.id(),
          c.varchar('token_hash', 64),
          c.ref('user_id'),
          c.varchar('csrf_token', 64),
          c.date('expires_at'),
        ],
        uniques: [{ name: 'uq_oauth_sessions_token_hash', columnNames: ['token_hash'] }],
        foreignKeys: [fk('user_id', 'users')],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'oauth_sessions',
      'oauth_tokens',
      'oauth_codes',
      'oauth_consents',
      'users',
    ]) {
      await queryRunner.dropTable(table);
    }
  }
}
