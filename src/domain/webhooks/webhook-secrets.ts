import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { keptSecret } from '../../base/security/kept-secret';
import { AppConfig } from '../../platform/config/app-config';
import { signingSecret } from '../oauth/signing-secret';

/** AES-256 keys are derived from a setting's text, whatever its form. */
function keyOf(material: string): Buffer {
  return Buffer.from(hkdfSync('sha256', material, 'instant-preview', 'webhook-secrets', 32));
}

/**
 * Webhook signing secrets: `whsec_` and 32 random bytes (Standard Webhooks). The service must
 * sign with them, so they cannot be stored hashed like API keys: they are sealed with
 * AES-256-GCM under WEBHOOK_SECRET_KEY (embedded mode: one kept in DATA_DIR), so a copy of
 * the database alone does not hold them. New seals use that key; older seals open under
 * WEBHOOK_SECRET_KEY_PREVIOUS (a rotation), or under the service's signing secret, which
 * sealed them before WEBHOOK_SECRET_KEY existed.
 */
@Injectable()
export class WebhookSecrets {
  private readonly current: Buffer;
  /** Keys that open older seals only, most recent first. */
  private readonly older: Buffer[];

  constructor(config: AppConfig) {
    this.current = keyOf(
      keptSecret(config.dataDir, config.webhooks.secretKey, 'webhook-secret-key'),
    );
    const previous = config.webhooks.previousSecretKey;
    this.older = [...(previous ? [keyOf(previous)] : []), keyOf(signingSecret(config))];
  }

  generate(): string {
    return `whsec_${randomBytes(32).toString('base64')}`;
  }

  seal(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.current, iv);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
  }

  /** The secret, or an error saying no key this process holds opens it. */
  open(sealed: string): string {
    for (const key of [this.current, ...this.older]) {
      const secret = openWith(key, sealed);
      if (secret !== null) return secret;
    }
    throw new Error(
      "the webhook's secret does not open with WEBHOOK_SECRET_KEY or WEBHOOK_SECRET_KEY_PREVIOUS",
    );
  }

  /** Whether the seal is under the current key (else `webhooks:reseal` moves it there). */
  isCurrent(sealed: string): boolean {
    return openWith(this.current, sealed) !== null;
  }
}

/** GCM's tag proves the key: a seal made under another key does not open. */
function openWith(key: Buffer, sealed: string): string | null {
  const bytes = Buffer.from(sealed, 'base64url');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
