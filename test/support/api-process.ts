import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { waitForHttp } from './wait-for-http';

export const BUILT_MAIN = join(__dirname, '../../dist/main.js');
export const hasBuild = () => existsSync(BUILT_MAIN);

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ApiProcess {
  url: string;
  pid: number;
  /** SIGTERM, and the exit awaited (the service's own shutdown). */
  stop(): Promise<void>;
  /** Any signal (SIGKILL: a crash, no shutdown at all), and the exit awaited. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** Another API process (the built `node dist/main.js`) on 127.0.0.1, sharing a database. */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [BUILT_MAIN], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'error',
      INSTANCE_NAME: `api-${port}`,
      // Engines at their first capture, as in every test app (test-app.ts says why).
      ENGINE_WARM_UP: 'false',
      // No SMTP listener: several processes (and parallel lanes) would contend for 2525.
      SMTP_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/health/live`, child);
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  };
  return { url, pid: child.pid!, stop: () => kill('SIGTERM'), kill };
}
