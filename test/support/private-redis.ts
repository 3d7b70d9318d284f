import { ChildProcess, spawn } from 'node:child_process';
import { freePort } from './api-process';

export interface PrivateRedis {
  /** redis://127.0.0.1:<port>, the same across restarts. */
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A redis-server of this test file only, on a free 127.0.0.1 port, that the test can stop
 * and start again on the same port (the shared Redis of the machine is never touched). It
 * keeps nothing on disk: a restart begins empty, as a Redis that lost its data would.
 */
export async function privateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  return {
    url: `redis://127.0.0.1:${port}`,
    start: async () => {
      if (child) return;
      const server = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      await new Promise<void>((resolve, reject) => {
        let output = '';
        server.stdout!.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('Ready to accept connections')) resolve();
        });
        server.once('exit', (code) => reject(new Error(`redis-server exited ${code}: ${output}`)));
      });
      server.stdout!.resume();
      child = server;
    },
    stop: async () => {
      const server = child;
      if (!server) return;
      child = null;
      if (server.exitCode !== null || server.signalCode !== null) return;
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    },
  };
}
