/** A render to run: the capture row and the attempt that owns it. */
export interface CaptureJob {
  captureId: string;
  attempt: number;
}

/** How an attempt ended, as every waiting request learns it. */
export type CaptureOutcome =
  | { status: 'captured' }
  | { status: 'failed'; error: string }
  /** The queue was full: nothing was rendered (503). */
  | { status: 'rejected' }
  /** The email expired before the render (404). */
  | { status: 'gone' };

/** Errors recorded on a failed row that other processes read back as outcomes. */
export const QUEUE_FULL_ERROR = 'the capture queue was full';
export const EMAIL_EXPIRED_ERROR = 'the email has expired';

/** The outcome another process reads from a failed row. */
export function outcomeOfFailure(error: string | null): CaptureOutcome {
  if (error === QUEUE_FULL_ERROR) return { status: 'rejected' };
  if (error === EMAIL_EXPIRED_ERROR) return { status: 'gone' };
  return { status: 'failed', error: error ?? '' };
}

export class QueueFullError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('the capture queue is full');
  }
}

/**
 * The capture queue port (DI token). Adapters: in-process with bounded concurrency
 * (embedded mode) and BullMQ on Redis (scale-out). Both run jobs through the same
 * CaptureProcessor.
 */
export abstract class CaptureQueue {
  /** Accepts a job or throws QueueFullError when more than CAPTURE_QUEUE_LIMIT wait. */
  abstract enqueue(job: CaptureJob): Promise<void>;

  /**
   * The outcome of an attempt when this process hears of it before `signal` aborts;
   * null otherwise (callers also read the database, which every process shares).
   */
  abstract outcome(job: CaptureJob, signal: AbortSignal): Promise<CaptureOutcome | null>;
}
