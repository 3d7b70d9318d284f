import type { CaptureFailure } from '../capture.entity';

/** A render to run: the capture row and the attempt that owns it. */
export interface CaptureJob {
  captureId: string;
  /** Slots are shared fairly between emails, so one email's grid cannot starve another. */
  emailId: string;
  attempt: number;
  /** The request that started it: its worker's log lines carry the same id. */
  requestId?: string;
}

/** How an attempt ended, as every waiting request learns it. */
export type CaptureOutcome =
  | { status: 'captured' }
  | { status: 'failed'; failure: CaptureFailure; error: string }
  /** The render passed its deadline and was stopped; nothing was billed (504). */
  | { status: 'timed-out' }
  /** The queue was full: nothing was rendered (503). */
  | { status: 'rejected' }
  /** The email expired before the render (404). */
  | { status: 'gone' }
  /** Another attempt owns the row now: its outcome is the one that counts. */
  | { status: 'superseded' }
  /**
   * The attempt ended without its outcome written (the database or the storage failed): its
   * row is handed back, and a request may claim a new attempt at once.
   */
  | { status: 'abandoned'; error: string };

/** The outcome another process reads from a failed row. */
export function outcomeOfFailure(
  failure: CaptureFailure | null,
  error: string | null,
): CaptureOutcome {
  switch (failure) {
    case 'queue-full':
      return { status: 'rejected' };
    case 'email-expired':
      return { status: 'gone' };
    case 'timeout':
      return { status: 'timed-out' };
    case 'interrupted':
      // Handed back by a process that stopped: whoever waits claims a new attempt.
      return { status: 'superseded' };
    default:
      return { status: 'failed', failure: failure ?? 'render', error: error ?? '' };
  }
}

export class QueueFullError extends Error {
  /** `closing`: refused because the process is shutting down, not for its load. */
  constructor(
    readonly retryAfterSeconds: number,
    readonly closing = false,
  ) {
    super(closing ? 'the capture queue is closed (shutting down)' : 'the capture queue is full');
  }
}

/**
 * The capture queue port (DI token). Adapters: in-process with bounded concurrency
 * (embedded mode) and BullMQ on Redis (scale-out). Both run jobs through the same
 * CaptureProcessor.
 */
export abstract class CaptureQueue {
  /**
   * Accepts a job, or throws QueueFullError when it would wait too long for a slot (or more
   * than CAPTURE_QUEUE_LIMIT would wait). A job enqueued on a reserved place is never refused.
   */
  abstract enqueue(job: CaptureJob, options?: { reserved?: boolean }): Promise<void>;

  /**
   * Holds `count` places for jobs about to be enqueued, so that a batch (prefetch) is
   * accepted whole or not at all; throws QueueFullError when the queue cannot take them all.
   */
  abstract reserve(count: number): Promise<void>;

  /** Gives back reserved places that will not be used. */
  abstract release(count: number): void;

  /**
   * The outcome of an attempt when this process hears of it before `signal` aborts;
   * null otherwise (callers also read the database, which every process shares).
   */
  abstract outcome(job: CaptureJob, signal: AbortSignal): Promise<CaptureOutcome | null>;
}
