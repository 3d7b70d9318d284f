import { Environment } from './environment';

export interface OAuthSettings {
  refreshTokenDays: number;
  authCodeSeconds: number;
  sessionHours: number;
  sessionIdleMinutes: number;
  signingSecret?: string;
}

export function oauthSettings(env: Environment): OAuthSettings {
  return {
    refreshTokenDays: env.REFRESH_TOKEN_TTL_DAYS,
    authCodeSeconds: env.AUTH_CODE_TTL_SECONDS,
    sessionHours: env.SESSION_TTL_HOURS,
    sessionIdleMinutes: env.SESSION_IDLE_MINUTES,
    signingSecret: env.OAUTH_SIGNING_SECRET || undefined,
  };
}
