import { ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

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
  const port = await freePortBelowEphemeral();
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

/**
 * A free port below the kernel's ephemeral range. A port from that range (as listen(0)
 * gives) can be taken, while this Redis is stopped, as the local port of some outgoing
 * connection (the app's own reconnecting client among them), and the restart then fails
 * with "Address already in use".
 */
async function freePortBelowEphemeral(): Promise<number> {
  const [ephemeralStart] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
    .trim()
    .split(/\s+/)
    .map(Number);
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * Math.max(1, ephemeralStart - 20_000));
    if (await isFree(port)) return port;
  }
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
