import { types as pgTypes, defaults as pgDefaults } from 'pg';
import { DataSourceOptions, EntitySchema } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { prepareDataDir, usesDataDir } from './data-dir';
import { MIGRATIONS } from './migrations';

/**
 * PostgreSQL `timestamp` columns hold UTC. node-postgres would otherwise read and write
 * them in the process's local time zone; SQLite's driver in TypeORM already uses UTC.
 */
function pinPostgresTimestampsToUtc(): void {
  const TIMESTAMP_WITHOUT_TIME_ZONE = 1114;
  pgTypes.setTypeParser(
    TIMESTAMP_WITHOUT_TIME_ZONE,
    (text) => new Date(`${text.replace(' ', 'T')}Z`),
  );
  pgDefaults.parseInputDatesAsUTC = true;
}

/** The tables of a data source: the entity classes the processes list (processes/entities.ts). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own type for entity classes
export type Entities = (Function | EntitySchema)[];

/**
 * One place that turns configuration into TypeORM options, for the app and ormconfig.ts. The
 * entities come from the caller: the platform knows no table of the domain.
 */
export function dataSourceOptions(config: AppConfig, entities: Entities): DataSourceOptions {
  const common = {
    entities,
    migrations: MIGRATIONS,
    migrationsRun: true,
    synchronize: false,
    logging: false,
  } as const;
  // Before TypeORM connects: a DATA_DIR that cannot be written stops the boot at once, named;
  // and from here on, what the process writes is owner-only.
  if (usesDataDir(config)) prepareDataDir(config.dataDir);
  if (config.database.kind === 'postgres') {
    pinPostgresTimestampsToUtc();
    return { ...common, type: 'postgres', url: config.database.url, extra: { max: 10 } };
  }
  return {
    ...common,
    type: 'better-sqlite3',
    database: config.database.sqlitePath,
    // WAL lets readers proceed while a capture is being recorded; busy_timeout makes a
    // second process wait for the write lock instead of failing at once.
    prepareDatabase: (db: { pragma(sql: string): unknown }) => {
      db.pragma('journal_mode = WAL');
      db.pragma('busy_timeout = 5000');
      db.pragma('foreign_keys = ON');
    },
  };
}
