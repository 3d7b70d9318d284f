import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/**
 * The e2e suite runs once per database: TEST_DATABASE=sqlite (default) or postgres.
 * On PostgreSQL every test file gets a throwaway database, dropped at the end.
 */
export const TEST_DATABASE = (process.env.TEST_DATABASE ?? 'sqlite') as 'sqlite' | 'postgres';
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ThrowawayDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function createThrowawayDatabase(): Promise<ThrowawayDatabase> {
  if (TEST_DATABASE === 'sqlite') return { url: '', drop: async () => undefined };
  const name = `ip_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function adminQuery(sql: string): Promise<void> {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
