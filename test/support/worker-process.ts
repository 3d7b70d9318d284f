import { ChildProcess, spawn, spawnSync, SpawnSyncReturns } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const BUILT_WORKER = join(__dirname, '../../dist/worker.js');
export const hasWorkerBuild = () => existsSync(BUILT_WORKER);

export interface WorkerProcess {
  child: ChildProcess;
  /** Everything the worker wrote to stdout so far (its log lines). */
  output(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** A render worker (`node dist/worker.js`) as a real child process; resolves once it is ready. */
export async function startWorker(env: Record<string, string>): Promise<WorkerProcess> {
  const child = spawn(process.execPath, [BUILT_WORKER], {
    // Engines at their first capture, as in every test app (test-app.ts says why).
    env: {
      ...process.env,
      LOG_LEVEL: 'log',
      EXPIRY_INTERVAL: '0',
      ENGINE_WARM_UP: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`worker did not start: ${output}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('render worker ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}: ${output}`)));
  });
  let logged = '';
  child.stdout!.on('data', (chunk: Buffer) => (logged += chunk.toString()));
  child.stdout!.resume();
  return {
    child,
    output: () => logged,
    kill: async (signal = 'SIGTERM') => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await exited;
    },
  };
}

/**
 * The worker's own entry point run from source (no build needed), to its exit: in `cwd`, a
 * folder with no .env to fill in what `env` leaves out. For a worker that must refuse to start.
 */
export function runWorkerFromSource(env: NodeJS.ProcessEnv, cwd: string): SpawnSyncReturns<string> {
  return spawnSync(
    process.execPath,
    [
      '-r',
      require.resolve('ts-node/register/transpile-only'),
      join(__dirname, '../../src/worker.ts'),
    ],
    {
      cwd,
      env: { ...env, TS_NODE_PROJECT: join(__dirname, '../../tsconfig.json') },
      encoding: 'utf8',
      timeout: 120_000,
    },
  );
}
