import { Logger } from '@nestjs/common';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmdirSync } from 'node:fs';
import { opendir, chmod, lstat } from 'node:fs/promises';
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

/** What no other local user may reach: emails, previews, password hashes, the audit log. */
const FOLDER_MODE = 0o700;
const FILE_MODE = 0o600;

/**
 * Makes DATA_DIR the service user's alone and proves it writable, or throws a ConfigError
 * naming DATA_DIR, the path and the system's reason. Everything the process writes from
 * here on is owner-only (umask 077). An installation made before that is tightened at
 * start, and the log says so: the folder and what lies at its top at once (that alone shuts
 * every other user out), the files below it in the background.
 *
 * Writability is proven by making and removing a directory: permission bits would not tell
 * (root ignores them, a read-only mount does not); and unchecked, SQLite only fails inside
 * TypeORM's connection retries, as "unable to open database file".
 */
export function prepareDataDir(path: string): void {
  process.umask(0o077);
  try {
    mkdirSync(path, { recursive: true, mode: FOLDER_MODE });
    rmdirSync(mkdtempSync(join(path, '.write-check-')));
  } catch (error) {
    throw new ConfigError(
      `DATA_DIR=${path} is not a writable directory: ${(error as Error).message}`,
    );
  }
  if (tighten(path) + readdirSync(path).reduce((n, name) => n + tighten(join(path, name)), 0) === 0)
    return;
  const logger = new Logger('DataDir');
  logger.warn(`DATA_DIR=${path} was open to other local users: now owner-only (0700, files 0600)`);
  void tightenBelow(path).then((count) =>
    logger.log(`DATA_DIR=${path}: ${count} more files and folders made owner-only`),
  );
}

/** Owner-only, a folder 0700 and a file 0600; 1 if it had to change. Links are left as they are. */
function tighten(path: string): number {
  const found = lstatSync(path);
  if (found.isSymbolicLink()) return 0;
  const mode = found.isDirectory() ? FOLDER_MODE : FILE_MODE;
  if ((found.mode & 0o777 & ~mode) === 0) return 0;
  chmodSync(path, found.mode & mode);
  return 1;
}

/** Every file and folder below `path`, tightened without blocking the event loop. */
async function tightenBelow(path: string): Promise<number> {
  let count = 0;
  for await (const entry of await opendir(path)) {
    const at = join(path, entry.name);
    if (entry.isSymbolicLink()) continue;
    const found = await lstat(at).catch(() => null);
    if (!found) continue;
    const mode = entry.isDirectory() ? FOLDER_MODE : FILE_MODE;
    if ((found.mode & 0o777 & ~mode) !== 0) {
      await chmod(at, found.mode & mode).catch(() => undefined);
      count++;
    }
    if (entry.isDirectory()) count += await tightenBelow(at);
  }
  return count;
}
