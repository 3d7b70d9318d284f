import type { Capture } from '../state/capture.entity';
import {
  AttemptKey,
  CaptureJob,
  CaptureOutcome,
  StartedHere,
  SUPERSEDED,
} from '../state/capture-attempt';
import type { Lease } from '../state/capture-state-machine';
import { AttemptOutcomes } from './attempt-outcomes';

export interface EnqueueOptions {
  reserved?: boolean;
  /** What the request that starts it has resolved; an in-process queue hands it on. */
  startedHere?: StartedHere;
}

/**
 * The capture queue port (DI token), and what differs between the run modes. Adapters:
 * in-process with bounded concurrency (embedded mode) and BullMQ on Redis (scale-out). Both
 * run jobs through the same CaptureProcessor, and answer waiting requests from the ends of
 * the attempts they hear of (`outcomes`), never by reading the row.
 */
export abstract class CaptureQueue {
  /** A waiter that read its row a moment before the attempt ended still hears of it. */
  protected readonly outcomes: AttemptOutcomes;

  constructor(keepOutcomesMs: number) {
    this.outcomes = new AttemptOutcomes(keepOutcomesMs);
  }

  /**
   * Writes a new attempt's row (`write`) under the lease that this queue's attempts hold
   * while they wait: this process's own in embedded mode, none yet in a shared queue.
   */
  abstract underLease<T>(captureId: string, write: (lease: Lease) => Promise<T>): Promise<T>;

  /**
   * Accepts a job, or throws QueueFullError when it would wait too long for a slot (or more
   * than CAPTURE_QUEUE_LIMIT would wait). A job enqueued on a reserved place is never
   * refused. `email`: the email its request read, which an adapter rendering here hands on.
   */
  abstract enqueue(job: CaptureJob, options?: EnqueueOptions): Promise<void>;

  /**
   * Holds `count` places for jobs about to be enqueued, so that a batch (prefetch) is
   * accepted whole or not at all; throws QueueFullError when the queue cannot take them all.
   */
  abstract reserve(count: number): Promise<void>;

  /** Gives back reserved places that will not be used. */
  abstract release(count: number): void;

  /**
   * Whether this process hears how the attempt holding `row` ends (then `outcome` answers);
   * otherwise a waiter has only the row to read.
   */
  abstract hears(row: Capture): boolean;

  /**
   * Whether this queue still carries the attempt holding the pending `row` (waiting or
   * running) although its lease ran out: a job may wait in a shared queue past its row's
   * lease, and a process whose lease renewals fail may still render it. Not abandoned, then.
   */
  abstract carries(row: Capture): Promise<boolean>;

  /**
   * Shutdown: takes no new job, gives those accepted up to `graceMs` to end, and starts none
   * of the rest (their rows are handed back).
   */
  abstract stop(graceMs: number): Promise<void>;

  /** Rows handed back at shutdown: whoever waits here for their attempts reads the row again. */
  handedBack(attempts: AttemptKey[]): void {
    for (const attempt of attempts) this.outcomes.publish(attempt, SUPERSEDED);
  }

  /**
   * The attempt's outcome once this process hears it; SUPERSEDED when a later attempt of the
   * same capture ended first; null when `signal` aborts first.
   */
  outcome(attempt: AttemptKey, signal: AbortSignal): Promise<CaptureOutcome | null> {
    return this.outcomes.wait(attempt, signal);
  }
}
