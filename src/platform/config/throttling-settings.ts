import { Environment } from './environment';
import { parseDuration } from './parse-units';

export interface ThrottlingSettings {
  /** 0: not limited. */
  emailsPerMinute: number;
  /** 0: not limited. */
  authFailuresPerAddress: number;
  authFailureWindowMs: number;
  loginFreeAttempts: number;
  loginBackoffBaseMs: number;
  loginBackoffMaxMs: number;
  passwordChecksAtOnce: number;
  passwordCheckQueue: number;
}

export interface EventStreamSettings {
  perAddress: number;
  perEmail: number;
  max: number;
  heartbeatMs: number;
  idleTimeoutMs: number;
}

export function throttlingSettings(env: Environment): ThrottlingSettings {
  return {
    emailsPerMinute: env.EMAILS_PER_MINUTE,
    authFailuresPerAddress: env.AUTH_FAILURES_PER_ADDRESS,
    authFailureWindowMs: parseDuration(env.AUTH_FAILURE_WINDOW),
    loginFreeAttempts: env.LOGIN_FREE_ATTEMPTS,
    loginBackoffBaseMs: parseDuration(env.LOGIN_BACKOFF_BASE),
    loginBackoffMaxMs: parseDuration(env.LOGIN_BACKOFF_MAX),
    passwordChecksAtOnce: env.PASSWORD_CHECKS_AT_ONCE,
    passwordCheckQueue: env.PASSWORD_CHECK_QUEUE,
  };
}

export function eventStreamSettings(env: Environment): EventStreamSettings {
  return {
    perAddress: env.EVENT_STREAMS_PER_ADDRESS,
    perEmail: env.EVENT_STREAMS_PER_EMAIL,
    max: env.EVENT_STREAMS_MAX,
    heartbeatMs: parseDuration(env.EVENT_STREAM_HEARTBEAT),
    idleTimeoutMs: parseDuration(env.EVENT_STREAM_IDLE_TIMEOUT),
  };
}
