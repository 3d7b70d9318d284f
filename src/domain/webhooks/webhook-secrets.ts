import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { keptSecret } from '../../base/security/kept-secret';
import { openSealed, seal, sealingKey } from '../../base/security/sealing';
import { AppConfig } from '../../platform/config/app-config';
import { signingSecret } from '../oauth/signing-secret';

/** AES-256 keys are derived from a setting's text, whatever its form. */
function keyOf(material: string): Buffer {
  return sealingKey(material, 'webhook-secrets');
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
    return seal(this.current, secret);
  }

  /** The secret, or an error saying no key this process holds opens it. */
  open(sealed: string): string {
    for (const key of [this.current, ...this.older]) {
      const secret = openSealed(key, sealed);
      if (secret !== null) return secret;
    }
    throw new Error(
      "the webhook's secret does not open with WEBHOOK_SECRET_KEY or WEBHOOK_SECRET_KEY_PREVIOUS",
    );
  }

  /** Whether the seal is under the current key (else `webhooks:reseal` moves it there). */
  isCurrent(sealed: string): boolean {
    return openSealed(this.current, sealed) !== null;
  }
}
