import { createHash } from 'node:crypto';
import type { Request } from 'express';

const BODY_DIGEST = Symbol('body digest');

type WithDigest = Request & { [BODY_DIGEST]?: string };

/**
 * Called by the JSON body parser with the raw body: its digest is kept for a request that
 * names an Idempotency-Key (the same key must come with the same bytes).
 */
export function rememberBodyDigest(req: Request, body: Buffer): void {
  if (req.headers['idempotency-key'] === undefined) return;
  (req as WithDigest)[BODY_DIGEST] = createHash('sha256').update(body).digest('hex');
}

/** The request an idempotency key stands for: method, path with query, and body bytes. */
export function requestFingerprint(req: Request): string {
  const body = (req as WithDigest)[BODY_DIGEST] ?? '';
  return createHash('sha256').update(`${req.method} ${req.originalUrl}\n${body}`).digest('hex');
}
