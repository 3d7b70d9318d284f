import { ApiError } from '../../../base/errors/api-error';
import { RenderDeadlineError, RenderMemoryError, PreparationError } from '../../../rendering';
import type { ClientProfile } from '../../../rendering';
import type { Email } from '../../emails/email.entity';
import type { CaptureFailure } from './capture.entity';
import type { CaptureConfiguration } from './capture-configuration';

/** One attempt at a capture: its row and attempt number, which every conditional write names. */
export interface CaptureAttempt {
  captureId: string;
  /** Slots are shared fairly between emails, so one email's grid cannot starve another. */
  emailId: string;
  attempt: number;
}

/** What names an attempt, as a queue's job id does. */
export type AttemptKey = Pick<CaptureAttempt, 'captureId' | 'attempt'>;

/** A render to run: the attempt, and what it renders (so a worker need not read the row). */
export interface CaptureJob extends CaptureAttempt {
  configuration: CaptureConfiguration;
  /** The request that started it: its worker's log lines carry the same id. */
  requestId?: string;
}

/**
 * What a request of this process hands the attempt it starts here (embedded mode): its row
 * is leased to this process since it was written, the request has read its email and
 * resolved its client's profile. A worker's attempt reads both itself.
 */
export interface StartedHere {
  email: Email;
  profile: ClientProfile;
}

/** An attempt that failed: why (what its row records, other processes read it) and how. */
export interface CaptureFailed {
  status: 'failed';
  failure: CaptureFailure;
  error: string;
  /** queue-full: when to try again, and whether the queue refused because it is closing. */
  refusal?: { retryAfterSeconds: number; closing: boolean };
}

/** How an attempt ended, as every waiting request learns it. */
export type CaptureOutcome =
  | { status: 'captured'; viewportWidth: number }
  | CaptureFailed
  /** The row is no longer this attempt's (another attempt owns it, or it changed): read it. */
  | { status: 'superseded' };

export const SUPERSEDED: CaptureOutcome = { status: 'superseded' };

/** A queue refused a job: it would wait too long, or the process is shutting down. */
export class QueueFullError extends Error {
  constructor(
    readonly retryAfterSeconds: number,
    /** Refused because the process is shutting down, not for its load. */
    readonly closing = false,
  ) {
    super(closing ? 'the capture queue is closed (shutting down)' : 'the capture queue is full');
  }
}

/**
 * Why an attempt failed, from what was thrown: its deadline or a budget (the email's own
 * doing), a queue's refusal, or the engine.
 */
export function failedBy(error: unknown): CaptureFailed {
  const message = error instanceof Error ? error.message : String(error);
  const failed = (failure: CaptureFailure): CaptureFailed => ({
    status: 'failed',
    failure,
    error: message,
  });
  if (error instanceof RenderDeadlineError) return failed('timeout');
  if (error instanceof RenderMemoryError) return failed('memory');
  if (error instanceof PreparationError) return failed('preparation');
  if (error instanceof QueueFullError) {
    const { retryAfterSeconds, closing } = error;
    return { ...failed('queue-full'), refusal: { retryAfterSeconds, closing } };
  }
  return failed('render');
}

/** Retry-After when the capture was interrupted, or refused with no measured wait. */
const RETRY_AFTER_S = 5;

/**
 * The contract's error for a failed capture (docs/api.md#capture-failures-and-their-answers),
 * wherever it failed: 500 the client's render failed, 503 overloaded or unavailable
 * (Retry-After), 504 the render took too long, 404 the email expired first. `client` names the
 * client in a 500.
 */
export function captureError(failed: CaptureFailed, client?: string): ApiError {
  switch (failed.failure) {
    case 'timeout':
      return new ApiError(504, 'Timeout: the email client took too long to respond');
    case 'queue-full': {
      const { retryAfterSeconds = RETRY_AFTER_S, closing = false } = failed.refusal ?? {};
      const why = closing ? 'the service is shutting down' : 'too many captures are waiting';
      return unavailable(why, retryAfterSeconds);
    }
    case 'interrupted':
      return unavailable(
        'the capture could not be stored (database or storage unavailable)',
        RETRY_AFTER_S,
      );
    case 'email-expired':
      return ApiError.notFound();
    case 'memory':
    case 'preparation':
      return new ApiError(
        500,
        `Internal Server Error: this email cannot be rendered in ${client}: ${failed.error}`,
      );
    case 'render':
      return new ApiError(
        500,
        `Internal Server Error: unexpected failure of an email client (${client})`,
      );
  }
}

function unavailable(why: string, retryAfterSeconds: number): ApiError {
  return new ApiError(503, `Service Unavailable: ${why}, retry shortly`, {
    'Retry-After': String(retryAfterSeconds),
  });
}
