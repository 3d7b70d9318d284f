import { Account } from '../applications/account.entity';
import { Application } from '../applications/application.entity';
import { StaffKey } from '../applications/staff-key.entity';
import { User } from '../applications/user.entity';
import { UsageRecord } from '../billing/usage-record.entity';
import { Email } from '../emails/email.entity';
import { OAuthCode } from '../oauth/oauth-code.entity';
import { OAuthConsent } from '../oauth/oauth-consent.entity';
import { OAuthSession } from '../oauth/oauth-session.entity';
import { OAuthTokenRow } from '../oauth/oauth-token.entity';
import { Capture } from '../captures/capture.entity';
import { StorageMove } from '../storage/move/storage-move.entity';
import { StorageMoveRun } from '../storage/move/storage-move-run.entity';
import { PrefetchBatch } from '../webhooks/prefetch-batch.entity';
import { WebhookDelivery } from '../webhooks/webhook-delivery.entity';
import { Webhook } from '../webhooks/webhook.entity';

/** Every entity of the app; entities live in their feature modules. */
export const ENTITIES = [
  Account,
  Application,
  User,
  StaffKey,
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
];
