import type { TextSample, ReportEntry } from '../../../rendering';
import type { CaptureFailure, CaptureFile } from './capture.entity';

// The values a capture row takes at each transition of its state machine (CaptureStateMachine
// writes them, each only if the row is still as expected).

/** Who holds a pending row, and until when (null owner: waiting in a shared queue). */
export interface Lease {
  owner: string | null;
  until: Date;
}

/** What a finished render records on its capture. */
export interface CaptureResult {
  viewportWidth: number;
  files: Record<string, CaptureFile>;
  report: ReportEntry[];
  sharedRender: boolean;
  textSamples: TextSample[];
}

/** A pending row's holder. */
export function leasedTo(lease: Lease) {
  return { leaseOwner: lease.owner, leaseExpiresAt: lease.until };
}

/** Pending: attempt number `attempt`, claimed now under `lease`. */
export function pendingRow(attempt: number, now: Date, lease: Lease) {
  return { status: 'pending' as const, attempt, claimedAt: now, ...leasedTo(lease) };
}

/** Captured: the render's result, served until `expiresAt`; no longer anyone's lease. */
export function capturedRow(now: Date, expiresAt: Date, result: CaptureResult) {
  return {
    status: 'captured' as const,
    capturedAt: now,
    expiresAt,
    ...result,
    failure: null,
    error: null,
    leaseOwner: null,
    leaseExpiresAt: null,
  };
}

/** Failed, with why (a typed value other processes read) and how. */
export function failedRow(failure: CaptureFailure, error: string) {
  return {
    status: 'failed' as const,
    failure,
    error,
    leaseOwner: null,
    leaseExpiresAt: null,
    ...(failure === 'render' ? { renderFailures: () => 'render_failures + 1' } : {}),
  };
}

/** Handed back: failed as 'interrupted', which fences out its attempt's late writes. */
export function interruptedRow(why: string) {
  return {
    status: 'failed' as const,
    failure: 'interrupted' as const,
    error: why,
    leaseOwner: null,
    leaseExpiresAt: null,
  };
}
