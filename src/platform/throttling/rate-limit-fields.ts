import { parseList, serializeList } from 'structured-headers';
import type { Response } from 'express';
import type { ThrottleState } from './throttle-store';

/** A throttle as the IETF RateLimit fields name it (draft-ietf-httpapi-ratelimit-headers). */
export interface RateLimitPolicy {
  name: string;
  limit: number;
  windowMs: number;
}

/**
 * `RateLimit-Policy: "emails";q=60;w=60` (the quota and its window in seconds) and
 * `RateLimit: "emails";r=57;t=42` (what remains, and the seconds until the window ends; while
 * blocked, 0 and the seconds until the block ends, which is Retry-After), serialized as the
 * structured fields the draft defines.
 */
export function rateLimitFields(
  policy: RateLimitPolicy,
  state: ThrottleState,
): Record<'RateLimit-Policy' | 'RateLimit', string> {
  const blocked = state.blockedForMs > 0;
  const remaining = blocked ? 0 : Math.max(0, policy.limit - state.hits);
  const resetMs = blocked ? state.blockedForMs : state.windowLeftMs;
  return {
    'RateLimit-Policy': serializeList([
      [
        policy.name,
        new Map([
          ['q', policy.limit],
          ['w', Math.ceil(policy.windowMs / 1000)],
        ]),
      ],
    ]),
    RateLimit: serializeList([
      [
        policy.name,
        new Map([
          ['r', remaining],
          ['t', Math.ceil(resetMs / 1000)],
        ]),
      ],
    ]),
  };
}

/**
 * Sets a policy's fields on an answer beside those of the other throttles the request met (an
 * upload meets the account's and the address's auth failures): each field is a list, one
 * member per policy, and a policy named again replaces its own member.
 */
export function announceRateLimit(
  response: Pick<Response, 'getHeader' | 'setHeader'>,
  policy: RateLimitPolicy,
  state: ThrottleState,
): void {
  for (const [name, value] of Object.entries(rateLimitFields(policy, state))) {
    const others = parseList(String(response.getHeader(name) ?? '')).filter(
      ([member]) => member !== policy.name,
    );
    response.setHeader(name, serializeList([...others, ...parseList(value)]));
  }
}
