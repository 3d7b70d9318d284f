import { parseItem } from 'structured-headers';
import { ApiError } from '../../base/errors/api-error';

const VISIBLE_ASCII = /^[\x21-\x7e]{1,255}$/;

/**
 * The Idempotency-Key a request names: a structured-field String as the IETF draft writes it
 * (`"8e03978e-..."`), or the bare value Stripe-style clients send; 1 to 255 visible ASCII
 * characters either way. 400 for anything else.
 */
export function idempotencyKeyOf(header: string | string[]): string {
  // Node joins a repeated header into one value with ", ": refused for its space.
  const value = Array.isArray(header) ? null : header.trim();
  const key = value?.startsWith('"') ? quoted(value) : value;
  if (key === null || !VISIBLE_ASCII.test(key)) {
    throw ApiError.badRequest(
      'Idempotency-Key must be 1 to 255 visible ASCII characters, bare or as a quoted string',
    );
  }
  return key;
}

function quoted(value: string): string | null {
  try {
    const [item] = parseItem(value);
    return typeof item === 'string' ? item : null;
  } catch {
    return null;
  }
}
