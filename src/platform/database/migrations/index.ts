import { Initial1763800000000 } from './1763800000000-initial';
import { CapturesUsage1763900000000 } from './1763900000000-captures-usage';
import { UsersOAuth1764000000000 } from './1764000000000-users-oauth';
import { StaffKeys1764100000000 } from './1764100000000-staff-keys';
import { CaptureFailure1764200000000 } from './1764200000000-capture-failure';
import { CaptureLease1764300000000 } from './1764300000000-capture-lease';
import { CaptureSharedRender1764400000000 } from './1764400000000-capture-shared-render';
import { SessionLifetimes1764500000000 } from './1764500000000-session-lifetimes';
import { EmailResources1764600000000 } from './1764600000000-email-resources';
import { StorageMoves1764700000000 } from './1764700000000-storage-moves';
import { Webhooks1764800000000 } from './1764800000000-webhooks';
import { CaptureTextSamples1764900000000 } from './1764900000000-capture-text-samples';
import { CaptureRenderFailures1765000000000 } from './1765000000000-capture-render-failures';
import { StorageMoveRuns1765100000000 } from './1765100000000-storage-move-runs';
import { AdminConsole1765200000000 } from './1765200000000-admin-console';
import { EmailDeliverability1765300000000 } from './1765300000000-email-deliverability';
import { EmailPreview1765400000000 } from './1765400000000-email-preview';
import { IdempotencyKeys1765500000000 } from './1765500000000-idempotency-keys';
import { IntakeTokens1765700000000 } from './1765700000000-intake-tokens';
import { Shares1765800000000 } from './1765800000000-shares';

/** Every migration, in order. Run at start on SQLite and PostgreSQL alike. */
export const MIGRATIONS = [
  Initial1763800000000,
  CapturesUsage1763900000000,
  UsersOAuth1764000000000,
  StaffKeys1764100000000,
  CaptureFailure1764200000000,
  CaptureLease1764300000000,
  CaptureSharedRender1764400000000,
  SessionLifetimes1764500000000,
  EmailResources1764600000000,
  StorageMoves1764700000000,
  Webhooks1764800000000,
  CaptureTextSamples1764900000000,
  CaptureRenderFailures1765000000000,
  StorageMoveRuns1765100000000,
  AdminConsole1765200000000,
  EmailDeliverability1765300000000,
  EmailPreview1765400000000,
  IdempotencyKeys1765500000000,
  IntakeTokens1765700000000,
  Shares1765800000000,
];
