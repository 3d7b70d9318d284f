import { ApiError } from '../../base/errors/api-error';

/** 429 in the contract's body, with Retry-After in whole seconds (at least 1). */
export function tooManyRequests(waitMs: number, description: string): ApiError {
  const seconds = waitSeconds(waitMs);
  return new ApiError(429, `${description}; try again in ${seconds} s`, {
    'Retry-After': String(seconds),
  });
}

/** A wait in whole seconds for Retry-After: at least 1. */
export const waitSeconds = (waitMs: number) => Math.max(1, Math.ceil(waitMs / 1000));
