import { Column, Entity, Index, PrimaryColumn, Unique } from 'typeorm';
import { CONFIGURATION_COLUMNS } from '../../../platform/database/shared-columns';
import type { TextSample, ReportEntry } from '../../../rendering';

/**
 * pending: a render is under way (attempt, claimedAt say whose). captured: files stored.
 * failed: the last attempt failed; a later request may claim it again. purged: the files
 * were deleted after CAPTURE_TTL_DAYS ("no longer available").
 */
export type CaptureStatus = 'pending' | 'captured' | 'failed' | 'purged';

/**
 * Why the last attempt failed: render (the client's engine failed), timeout (the render
 * passed CAPTURE_TIMEOUT_MS and was stopped), memory (its renderer went over
 * RENDER_MEMORY_MB), preparation (parsing and transforming it passed its thread budget),
 * queue-full (nothing was rendered), email-expired (the email's content was gone),
 * interrupted (its process stopped or restarted, or could not record the outcome: handed
 * back, and captured again by whichever process recovers it first, CaptureRecovery).
 */
export type CaptureFailure =
  'render' | 'timeout' | 'memory' | 'preparation' | 'queue-full' | 'email-expired' | 'interrupted';

/**
 * Failures caused by the email itself: rendering it again would fail again and cost as
 * much, so the row keeps its failure and later requests get the same answer at once.
 */
export const EMAIL_FAULTS: readonly CaptureFailure[] = ['timeout', 'memory', 'preparation'];

/**
 * A render failure of the engine is retried by later requests, up to this many failures: an
 * email that brings its renderer down this often is treated as the email's fault. Counted
 * apart from attempts: an attempt cut short by a restart of ours is no failure of the email.
 */
export const MAX_RENDER_ATTEMPTS = 3;

/** A failed row whose answer is final: its email's fault, or an engine failure too often. */
export function isFinalFailure(capture: Capture): boolean {
  if (capture.status !== 'failed' || !capture.failure) return false;
  if (EMAIL_FAULTS.includes(capture.failure)) return true;
  return capture.failure === 'render' && capture.renderFailures >= MAX_RENDER_ATTEMPTS;
}

/** Where one result file lives; data, so files can move and URLs follow. */
export interface CaptureFile {
  key: string;
  content_type: string;
  /** The storage location holding it (absent in records older than locations). */
  location?: string;
  /** A comparison's diff image: what it was computed from, and what it found. */
  diff?: DiffRecord;
}

/** A diff of this (head) capture against another email's capture of the same configuration. */
export interface DiffRecord {
  base_capture_id: string;
  changed_pixels: number;
  changed_ratio: number;
}

/** One capture configuration of one email: created once under a unique constraint. */
@Entity('captures')
@Unique('uq_captures_configuration', ['emailId', 'client', 'images', 'orientation'])
@Index('ix_captures_status_expires', ['status', 'expiresAt'])
export class Capture {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column(CONFIGURATION_COLUMNS.emailId)
  emailId: string;

  @Column(CONFIGURATION_COLUMNS.client)
  client: string;

  @Column(CONFIGURATION_COLUMNS.images)
  images: string;

  @Column(CONFIGURATION_COLUMNS.orientation)
  orientation: string;

  @Column({ type: 'varchar', length: 16 })
  status: CaptureStatus;

  /** Which attempt holds the row: every conditional write names it (not a failure count). */
  @Column({ type: 'integer', default: 1 })
  attempt: number;

  /** Attempts that failed in the engine ('render'): MAX_RENDER_ATTEMPTS of them is final. */
  @Column({ name: 'render_failures', type: 'integer', default: 0 })
  renderFailures: number;

  @Column({ name: 'claimed_at' })
  claimedAt: Date;

  /** The process rendering this attempt (pending rows), and until when its claim holds. */
  @Column({ name: 'lease_owner', type: 'varchar', length: 80, nullable: true })
  leaseOwner: string | null;

  @Column({ name: 'lease_expires_at', type: Date, nullable: true })
  leaseExpiresAt: Date | null;

  @Column({ name: 'captured_at', type: Date, nullable: true })
  capturedAt: Date | null;

  @Column({ name: 'expires_at', type: Date, nullable: true })
  expiresAt: Date | null;

  @Column({ name: 'viewport_width', type: 'integer', nullable: true })
  viewportWidth: number | null;

  /** File name (e.g. ol2019-vertical-allowed-800.png) → where it is stored. */
  @Column({ type: 'simple-json', nullable: true })
  files: Record<string, CaptureFile> | null;

  /** What the emulation changed, with sources: kept for support and audits. */
  @Column({ type: 'simple-json', nullable: true })
  report: ReportEntry[] | null;

  /** The colours and sizes its text was drawn in (the pre-send checks' contrast). */
  @Column({ name: 'text_samples', type: 'simple-json', nullable: true })
  textSamples: TextSample[] | null;

  /**
   * Its pixels came from a render made for another configuration of the same email (same
   * prepared HTML, viewport, scale and colours): renders performed = captures - shared.
   */
  @Column({ name: 'shared_render', type: 'boolean', default: false })
  sharedRender: boolean;

  @Column({ type: 'varchar', length: 16, nullable: true })
  failure: CaptureFailure | null;

  /** What went wrong, in words, for logs and error descriptions. */
  @Column({ type: 'text', nullable: true })
  error: string | null;
}

/** A captured capture: what that state guarantees (its files, sizes and lifetime). */
export type CapturedCapture = Capture & {
  status: 'captured';
  capturedAt: Date;
  expiresAt: Date;
  viewportWidth: number;
  files: Record<string, CaptureFile>;
};

export function isCaptured(capture: Capture): capture is CapturedCapture {
  return (
    capture.status === 'captured' &&
    capture.capturedAt !== null &&
    capture.expiresAt !== null &&
    capture.viewportWidth !== null &&
    capture.files !== null
  );
}
