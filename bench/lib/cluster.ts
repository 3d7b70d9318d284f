import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { Client } from 'pg';

const ADMIN = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A new, empty PostgreSQL database named `name` (dropped first if it exists). */
export async function freshDatabase(name: string): Promise<string> {
  const admin = new Client({ connectionString: ADMIN });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN);
  url.pathname = `/${name}`;
  return url.href;
}

/**
 * A built render worker (`dist/worker.js`), resolved once it reports ready; with `core`,
 * bound to that CPU alone (`taskset`, which then runs node in its own process: same pid),
 * as if it ran on a machine of its own.
 */
export function startWorker(
  env: Record<string, string | undefined>,
  core?: number,
): Promise<ChildProcess> {
  const node = [process.execPath, join(__dirname, '../../dist/worker.js')];
  const [command, ...args] = core === undefined ? node : ['taskset', '-c', String(core), ...node];
  const child = spawn(command, args, {
    env: { ...env, LOG_LEVEL: 'log' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('render worker ready')) resolve(child);
    });
  });
}
