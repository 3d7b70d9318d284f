import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { until } from '../../test/support/until';
import { waitForHttp } from '../../test/support/wait-for-http';

/** The built service a bench starts: this checkout's, or another's (BENCH_SERVICE_ROOT: before and after a change). */
const ROOT = process.env.BENCH_SERVICE_ROOT ?? join(__dirname, '../..');

export interface RunningServer {
  url: string;
  /** The API process (its browser runs below it). */
  pid: number;
  apiKey: string;
  /** The OAuth client id of that application. */
  clientId: string;
  env: Record<string, string | undefined>;
  stop(): Promise<void>;
}

/**
 * Starts the built service (`node dist/main.js`) as production would, on a fresh data
 * folder, and registers an application through the built CLI.
 */
export async function startServer(
  port: number,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ip-bench-'));
  const fullEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    // BENCH_LOG_LEVEL=log measures with the default access logging on.
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    // Benches measure the service's speed, not its per-account rate limit.
    EMAILS_PER_MINUTE: '0',
    // No SMTP listener: a bench beside a running service would contend for 2525.
    SMTP_PORT: '0',
    ...env,
  };
  const created = spawnSync(
    process.execPath,
    [
      join(ROOT, 'dist/cli.js'),
      'apps:create',
      '--name',
      'bench',
      '--callback',
      'https://b.example/cb',
      '--json',
    ],
    { env: fullEnv, encoding: 'utf8' },
  );
  if (created.status !== 0) throw new Error(`apps:create failed: ${created.stderr}`);
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, 'dist/main.js')], {
    env: fullEnv,
    stdio: 'inherit',
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/health/live`, child);
  // Measured once the service is ready, as a load balancer would send it work: its engines
  // started (ENGINE_WARM_UP), not starting beside the first requests.
  const readyBy = Date.now() + 120_000;
  await until(async () => {
    const ready = await fetch(`${url}/health/ready`);
    if (ready.status === 200) return true;
    if (Date.now() > readyBy) throw new Error(`not ready after 2 min: ${await ready.text()}`);
    return false;
  }, 100);
  return {
    url,
    pid: child.pid!,
    env: fullEnv,
    apiKey: JSON.parse(created.stdout).api_key,
    clientId: JSON.parse(created.stdout).client_id,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Another application of the running service (the built CLI on its data folder): its API key. */
export function createApplication(server: RunningServer, name: string): string {
  const created = spawnSync(
    process.execPath,
    [
      join(ROOT, 'dist/cli.js'),
      'apps:create',
      '--name',
      name,
      '--callback',
      'https://b.example/cb',
      '--json',
    ],
    { env: server.env, encoding: 'utf8' },
  );
  if (created.status !== 0) throw new Error(`apps:create failed: ${created.stderr}`);
  return JSON.parse(created.stdout).api_key as string;
}

/** POST /v1/emails with `html` as the application the server was started with; its guid. */
export async function postHtml(server: RunningServer, html: string): Promise<string> {
  const response = await fetch(`${server.url}/v1/emails`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from(`${server.apiKey}:`).toString('base64')}`,
    },
    body: JSON.stringify({ html_text: html }),
  });
  return ((await response.json()) as { email_guid: string }).email_guid;
}
