import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { signingSecret } from '../oauth/signing-secret';

/**
 * Webhook signing secrets: `whsec_` and 32 random bytes (Standard Webhooks). The service must
 * sign with them, so they cannot be stored hashed like API keys: they are sealed with
 * AES-256-GCM under a key derived (HKDF) from the service's signing secret, so a copy of the
 * database alone does not hold them.
 */
@Injectable()
export class WebhookSecrets {
  private readonly key: Buffer;

  constructor(config: AppConfig) {
    this.key = Buffer.from(
      hkdfSync('sha256', signingSecret(config), 'instant-preview', 'webhook-secrets', 32),
    );
  }

  generate(): string {
    return `whsec_${randomBytes(32).toString('base64')}`;
  }

  seal(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
  }

  open(sealed: string): string {
    const bytes = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  }
}
