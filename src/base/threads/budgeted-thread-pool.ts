import { Piscina } from 'piscina';
import { ApiError } from '../errors/api-error';
import { Slots } from '../system/slots';
import { workerFile } from './worker-file';

/** A task ran out of its time or memory budget (a property of its input, not a bug). */
export class ThreadBudgetError extends Error {}

/**
 * What each thread runs once when the pool starts, outside any budget: it loads the
 * worker's modules (about half a second compiled, seconds through ts-node on a busy
 * machine), which is no task's doing and must not count against a task's budget.
 */
export const WARM_UP = '__warm-up__';

/** A worker entry that answers the pool's warm-up and runs `work` for every real task. */
export function threadEntry<T, R>(work: (task: T) => R): (task: T | typeof WARM_UP) => R | null {
  return (task) => (task === WARM_UP ? null : work(task));
}

export interface ThreadBudget {
  threads: number;
  /** A task running longer is ended by terminating its thread. */
  timeoutMs: number;
  /** Heap limit of each thread; a task that needs more fails alone. */
  memoryMb: number;
}

/**
 * Worker threads (piscina) for CPU-bound work on hostile input, so it never blocks the
 * event loop that answers requests and health checks. Each task has a time budget and each
 * thread a heap limit; past either the thread is ended and replaced, and the task fails
 * with a ThreadBudgetError that says what it was doing (`activity`) and which budget it hit.
 */
export class BudgetedThreadPool {
  private pool?: Piscina;
  /** Every thread has loaded its modules (see WARM_UP). */
  private warm?: Promise<Piscina>;
  /** One task per thread: the rest wait here, where their budget has not started. */
  private readonly free: Slots;

  /** `worker` is the entry file's path without extension (.js when built, .ts in tests). */
  constructor(
    private readonly worker: string,
    private readonly budget: ThreadBudget,
    private readonly activity: string,
  ) {
    this.free = new Slots(budget.threads);
  }

  /** The time budget counts from the moment a thread takes the task, not while it waits. */
  async run<T>(task: unknown): Promise<T> {
    const release = await this.free.acquire();
    try {
      const threads = await this.threads();
      return (await threads.run(task, {
        signal: AbortSignal.timeout(this.budget.timeoutMs),
      })) as T;
    } catch (error) {
      throw this.explain(error as Error);
    } finally {
      release();
    }
  }

  async close(): Promise<void> {
    await this.warm?.catch(() => undefined);
    await this.pool?.destroy();
  }

  /**
   * Started at the first task, not before (a process that never needs them, such as an API
   * process in scale-out, holds none), and then all kept warm: a thread loads its modules
   * in about half a second, which a capture must not wait for while a hostile email holds
   * another thread.
   */
  private threads(): Promise<Piscina> {
    if (this.warm) return this.warm;
    const pool = new Piscina({
      ...workerFile(this.worker),
      minThreads: this.budget.threads,
      maxThreads: this.budget.threads,
      // A small young generation: Node 24's default lets each idle thread keep about 50 MB
      // more after a large email (measured: API process 880 → 685 MB on 45,000 spans).
      resourceLimits: {
        maxOldGenerationSizeMb: this.budget.memoryMb,
        maxYoungGenerationSizeMb: 16,
      },
    });
    this.pool = pool;
    const warmUps = Array.from({ length: this.budget.threads }, () => pool.run(WARM_UP));
    this.warm = Promise.all(warmUps).then(() => pool);
    return this.warm;
  }

  private explain(error: Error): Error {
    if (error.name === 'AbortError' || error.name === 'TimeoutError')
      return new ThreadBudgetError(`${this.activity} took longer than ${this.budget.timeoutMs} ms`);
    if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
      return new ThreadBudgetError(`${this.activity} needed more than ${this.budget.memoryMb} MB`);
    if (error instanceof RangeError)
      return new ThreadBudgetError(`${this.activity} failed: ${error.message}`);
    return error;
  }
}

/**
 * A task past its budget as the API answers it: 503 with Retry-After. A budget depends on
 * the machine's load as much as on the input: a busy server, never a verdict on the input.
 */
export function unavailableWhenOverBudget(error: unknown, timeoutMs: number): unknown {
  if (!(error instanceof ThreadBudgetError)) return error;
  return new ApiError(503, `Service Unavailable: ${error.message}, retry shortly`, {
    'Retry-After': String(Math.ceil(timeoutMs / 1000)),
  });
}
