import { mkdirSync, mkdtempSync, rmdirSync } from 'node:fs';
import { join } from 'node:path';
import { AppConfig, ConfigError } from '../config/app-config';

/** DATA_DIR holds the SQLite file, local storage's files and generated secrets. */
export function usesDataDir(config: AppConfig): boolean {
  return (
    config.database.kind === 'sqlite' ||
    config.storage.kind === 'local' ||
    !config.oauth.signingSecret ||
    !config.webhooks.secretKey
  );
}

/**
 * Makes DATA_DIR and proves it writable by making and removing a directory in it, or
 * throws a ConfigError naming DATA_DIR, the path and the system's reason. Permission bits
 * would not tell (root ignores them, a read-only mount does not); and unchecked, SQLite
 * only fails inside TypeORM's connection retries, as "unable to open database file".
 */
export function assertWritableDataDir(path: string): void {
  try {
    mkdirSync(path, { recursive: true });
    rmdirSync(mkdtempSync(join(path, '.write-check-')));
  } catch (error) {
    throw new ConfigError(
      `DATA_DIR=${path} is not a writable directory: ${(error as Error).message}`,
    );
  }
}
