import { Initial1763800000000 } from './1763800000000-initial';
import { CapturesUsage1763900000000 } from './1763900000000-captures-usage';
import { UsersOAuth1764000000000 } from './1764000000000-users-oauth';
import { StaffKeys1764100000000 } from './1764100000000-staff-keys';
import { CaptureFailure1764200000000 } from './1764200000000-capture-failure';
import { CaptureLease1764300000000 } from './1764300000000-capture-lease';
import { CaptureSharedRender1764400000000 } from './1764400000000-capture-shared-render';
import { SessionLifetimes1764500000000 } from './1764500000000-session-lifetimes';
import { EmailResources1764600000000 } from './1764600000000-email-resources';

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
];
