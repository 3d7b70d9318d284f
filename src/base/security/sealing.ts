import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Text the service must read back, so cannot store hashed (webhook signing secrets, the
 * answers idempotent requests replay, which may hold a new API key), sealed with AES-256-GCM.
 * Each use derives its own key from the same setting (`purpose`), so one seal never opens as
 * another's.
 */
export function sealingKey(material: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', material, 'instant-preview', purpose, 32));
}

export function seal(key: Buffer, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The text, or null when the seal was made under another key (GCM's tag proves the key). */
export function openSealed(key: Buffer, sealed: string): string | null {
  const bytes = Buffer.from(sealed, 'base64url');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
