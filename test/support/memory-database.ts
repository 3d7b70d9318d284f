import { DataSource } from 'typeorm';
import { ENTITIES } from '../../src/processes/entities';
import { MIGRATIONS } from '../../src/platform/database/migrations';

/** A real SQLite database in memory, migrated like the app's: for fast tests of one owner. */
export async function memoryDatabase(): Promise<DataSource> {
  const dataSource = new DataSource({
    type: 'better-sqlite3',
    database: ':memory:',
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsRun: true,
    synchronize: false,
    logging: false,
  });
  return dataSource.initialize();
}
