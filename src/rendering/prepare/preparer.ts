import { join } from 'node:path';
import {
  BudgetedThreadPool,
  ThreadBudget,
  ThreadBudgetError,
} from '../../base/threads/budgeted-thread-pool';
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

/**
 * In worker threads, so parsing and transforming a hostile email never blocks the event
 * loop that answers requests and health checks; each preparation within a time budget and
 * each thread within a heap limit.
 */
export class WorkerPreparer extends Preparer {
  private readonly pool: BudgetedThreadPool;

  constructor(budget: ThreadBudget) {
    super();
    this.pool = new BudgetedThreadPool(
      join(__dirname, 'prepare.worker'),
      budget,
      'preparing the email',
    );
  }

  async prepare(task: PrepareTask): Promise<PreparedEmail> {
    try {
      return revive(await this.pool.run<PreparedEmail>(task));
    } catch (error) {
      if (error instanceof ThreadBudgetError) throw new PreparationError(error.message);
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.pool.close();
  }
}
