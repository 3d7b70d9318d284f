import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Piscina } from 'piscina';
import { PreparedEmail, PrepareTask, revive, runPreparation } from './prepare-task';

/** Preparing an email failed for a reason of its own (too slow, too big), not a bug. */
export class PreparationError extends Error {}

/** Turns an email into the HTML a client would show (the emulation pipeline). */
export abstract class Preparer {
  /** `key` names the email (its id), for preparers that remember outcomes. */
  abstract prepare(task: PrepareTask, key?: string): Promise<PreparedEmail>;
  async close(): Promise<void> {}
}

/** On the calling thread: for the CLI, render tests and benchmarks of the pipeline itself. */
export class InlinePreparer extends Preparer {
  async prepare(task: PrepareTask): Promise<PreparedEmail> {
    return runPreparation(task);
  }
}

export interface WorkerPreparerOptions {
  threads: number;
  /** A preparation running longer is ended by terminating its thread. */
  timeoutMs: number;
  /** Heap limit of each thread; an email that needs more fails alone. */
  memoryMb: number;
}

/**
 * In worker threads (piscina), so parsing and transforming a hostile email never blocks
 * the event loop that answers requests and health checks. Each task has a time budget and
 * each thread a heap limit; past either the thread is ended and replaced.
 */
export class WorkerPreparer extends Preparer {
  private readonly pool: Piscina;

  constructor(private readonly options: WorkerPreparerOptions) {
    super();
    this.pool = new Piscina({
      ...workerFile(),
      minThreads: 0,
      maxThreads: options.threads,
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: options.memoryMb },
    });
  }

  async prepare(task: PrepareTask): Promise<PreparedEmail> {
    try {
      const prepared = (await this.pool.run(task, {
        signal: AbortSignal.timeout(this.options.timeoutMs),
      })) as PreparedEmail;
      return revive(prepared);
    } catch (error) {
      throw explain(error as Error, this.options);
    }
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}

function explain(error: Error, options: WorkerPreparerOptions): Error {
  if (error.name === 'AbortError' || error.name === 'TimeoutError')
    return new PreparationError(`preparing the email took longer than ${options.timeoutMs} ms`);
  if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
    return new PreparationError(`preparing the email needed more than ${options.memoryMb} MB`);
  if (error instanceof RangeError)
    return new PreparationError(`the email could not be prepared: ${error.message}`);
  return error;
}

/** The compiled worker; from TypeScript sources (tests), the same file through ts-node. */
function workerFile(): { filename: string; execArgv?: string[] } {
  const compiled = join(__dirname, 'prepare.worker.js');
  if (existsSync(compiled)) return { filename: compiled };
  return {
    filename: join(__dirname, 'prepare.worker.ts'),
    execArgv: ['--require', 'ts-node/register/transpile-only'],
  };
}
