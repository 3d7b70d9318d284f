import { Environment } from './environment';
import { parseDuration } from './parse-units';

export interface WebhookSettings {
  allowHosts: string[];
  retryDelaysMs: number[];
  timeoutMs: number;
  disableAfterMs: number;
  deliveriesPerMinute: number;
  secretKey?: string;
  previousSecretKey?: string;
}

export function webhookSettings(env: Environment): WebhookSettings {
  return {
    allowHosts: env.WEBHOOK_ALLOW_HOSTS.split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    retryDelaysMs: env.WEBHOOK_RETRY_SCHEDULE.split(',').map(parseDuration),
    timeoutMs: env.WEBHOOK_TIMEOUT_MS,
    disableAfterMs: env.WEBHOOK_DISABLE_AFTER.endsWith('d')
      ? Number(env.WEBHOOK_DISABLE_AFTER.slice(0, -1)) * 86_400_000
      : parseDuration(env.WEBHOOK_DISABLE_AFTER),
    deliveriesPerMinute: env.WEBHOOK_DELIVERIES_PER_MINUTE,
    secretKey: env.WEBHOOK_SECRET_KEY || undefined,
    previousSecretKey: env.WEBHOOK_SECRET_KEY_PREVIOUS || undefined,
  };
}
