import { Account } from '../domain/applications/account.entity';
import { AuditEvent } from '../domain/audit/audit-event.entity';
import { Application } from '../domain/applications/application.entity';
import { StaffKey } from '../domain/applications/staff-key.entity';
import { User } from '../domain/applications/user.entity';
import { UsageRecord } from '../domain/billing/usage-record.entity';
import { Email } from '../domain/emails/email.entity';
import { OAuthCode } from '../domain/oauth/oauth-code.entity';
import { OAuthConsent } from '../domain/oauth/oauth-consent.entity';
import { OAuthSession } from '../domain/oauth/oauth-session.entity';
import { OAuthTokenRow } from '../domain/oauth/oauth-token.entity';
import { Capture } from '../domain/captures/state/capture.entity';
import { StorageMove } from '../platform/storage/move/storage-move.entity';
import { StorageMoveRun } from '../platform/storage/move/storage-move-run.entity';
import { PrefetchBatch } from '../domain/webhooks/prefetch-batch.entity';
import { WebhookDelivery } from '../domain/webhooks/webhook-delivery.entity';
import { Webhook } from '../domain/webhooks/webhook.entity';
import { IdempotencyKey } from '../domain/idempotency/idempotency-key.entity';
import { Share } from '../domain/shares/share.entity';
import { IntakeToken } from '../domain/intake/intake-token.entity';

/** Every entity of the app; entities live in their feature modules. */
export const ENTITIES = [
  Account,
  Application,
  User,
  StaffKey,
  AuditEvent,
  Email,
  Capture,
  UsageRecord,
  OAuthConsent,
  OAuthCode,
  OAuthTokenRow,
  OAuthSession,
  StorageMove,
  StorageMoveRun,
  Webhook,
  WebhookDelivery,
  PrefetchBatch,
  IdempotencyKey,
  Share,
  IntakeToken,
];
