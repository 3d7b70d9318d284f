import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { resolve } from 'node:path';
import { EngineName, Environment } from './environment';
import { RunMode } from './run-mode';
import { parseSize, parseDuration } from './parse-units';
import {
  CaptureSettings,
  PreparationSettings,
  captureSettings,
  preparationSettings,
} from './capture-settings';
import { enabledEngines } from './enabled-engines';
import { ENGINE_SETTINGS } from '../../rendering/engine/engine-registry';
import {
  ImageFetchSettings,
  ResourceFetchSettings,
  imageFetchSettings,
  resourceFetchSettings,
} from './fetch-settings';
import { WebhookSettings, webhookSettings } from './webhook-settings';
import { OAuthSettings, oauthSettings } from './oauth-settings';
import {
  EventStreamSettings,
  ThrottlingSettings,
  eventStreamSettings,
  throttlingSettings,
} from './throttling-settings';
import { StorageSettings, storageSettings } from './storage-settings';
import { SmtpSettings, smtpSettings } from './smtp-settings';

export type { RunMode } from './run-mode';
export { parseDuration, parseSize } from './parse-units';
export type { S3Settings } from './storage-settings';
export type { SmtpSettings } from './smtp-settings';

export type DatabaseKind = 'sqlite' | 'postgres';

export class ConfigError extends Error {}

/**
 * The typed, validated configuration. Injected everywhere by this class as the token;
 * built once from the environment by loadConfig.
 */
export class AppConfig {
  /** Decided here once, from REDIS_URL; modules get the adapters of their mode injected. */
  readonly runMode: RunMode;
  readonly port: number;
  readonly host: string;
  /** 0: a render worker serves no /metrics. */
  readonly workerMetricsPort: number;
  readonly trustProxy: string;
  readonly dataDir: string;
  readonly database: { kind: DatabaseKind; url: string; sqlitePath: string };
  readonly publicUrl: string;
  /** Hosts a fallback_url may name besides public https hosts. */
  readonly fallbackUrlHosts: string[];
  /**
   * Webhooks: hosts allowed besides public https ones, retry waits, timeout, disabling, the
   * rate per application (0: none), and the keys their secrets are sealed with (absent:
   * embedded mode keeps a generated one in DATA_DIR).
   */
  readonly webhooks: WebhookSettings;
  /** CLIENT_SHARES by upper-case code (the checks' support score); empty: every client equal. */
  readonly clientShares: Record<string, number>;
  readonly cdn: { domain: string; scheme: 'http' | 'https' };
  /** Each engine's own settings, declared and checked by its descriptor (ENGINE_SETTINGS). */
  readonly engineSettings: Readonly<Record<string, object>>;
  /** ENGINE_USER: who engines run as where the service runs as root. */
  readonly engineUser: string;
  /** SpamAssassin's daemon: a running one (url), or the binary the service starts. */
  readonly spamd: { url?: string; path: string };
  /** The resolvers authentication asks (empty: the machine's), and each query's wait. */
  readonly dns: { servers: string[]; timeoutMs: number };
  /** ENGINES: what this process may draw with; Chromium always. */
  readonly engines: EngineName[];
  readonly bodyLimitBytes: number;
  /** What an email may hold (POST /v1/emails). */
  readonly emailLimits: { maxDepth: number; maxElements: number; maxMimeParts: number };
  readonly images: ImageFetchSettings;
  /**
   * Stylesheets and web fonts an email loads, fetched at POST with the images' protections,
   * deadline and concurrency; each kind with its own count and size, all within one total.
   */
  readonly resources: ResourceFetchSettings;
  readonly ttl: { emailHours: number; captureDays: number; tokenSeconds: number };
  /** 0: the expiry jobs do not run in this process. */
  readonly expiryIntervalMs: number;
  readonly oauth: OAuthSettings;
  readonly capture: CaptureSettings;
  /** Where emails are parsed and transformed: worker threads with a budget each. */
  readonly preparation: PreparationSettings;
  readonly logLevel: Environment['LOG_LEVEL'];
  /** BullMQ's Redis and its settings: used in scale-out mode only (url empty otherwise). */
  readonly redis: { url: string; prefix: string; lockMs: number };
  readonly throttling: ThrottlingSettings;
  /** Event streams this process holds at once (per address, per email, in all), and their timing. */
  readonly eventStreams: EventStreamSettings;
  /**
   * Where new files go (`kind`), and the S3-compatible service when S3_BUCKET is set: files
   * are read from every location they are recorded at (local always, any bucket of it).
   */
  readonly storage: StorageSettings;
  /** SMTP intake (API process only): where it listens, its addresses' domain, STARTTLS's files. */
  readonly smtp: SmtpSettings;

  constructor(env: Environment, engineSettings: Readonly<Record<string, object>> = {}) {
    this.runMode = env.REDIS_URL ? 'scale-out' : 'embedded';
    this.port = env.PORT;
    this.host = env.HOST;
    this.workerMetricsPort = env.WORKER_METRICS_PORT;
    this.trustProxy = env.TRUST_PROXY;
    this.dataDir = resolve(env.DATA_DIR);
    this.database = {
      kind: env.DATABASE_URL ? 'postgres' : 'sqlite',
      url: env.DATABASE_URL,
      sqlitePath: resolve(this.dataDir, 'instant-preview.sqlite'),
    };
    this.publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
    this.fallbackUrlHosts = env.FALLBACK_URL_HOSTS.split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean);
    this.webhooks = webhookSettings(env);
    this.clientShares = Object.fromEntries(
      env.CLIENT_SHARES.split(',')
        .filter(Boolean)
        .map((pair) => pair.split('='))
        .map(([code, weight]) => [code.toUpperCase(), Number(weight)]),
    );
    this.cdn = {
      domain: env.CDN_DOMAIN ?? `localhost:${env.PORT}`,
      scheme: this.publicUrl.startsWith('https:') ? 'https' : 'http',
    };
    this.engineSettings = engineSettings;
    this.engineUser = env.ENGINE_USER;
    this.spamd = { url: env.SPAMD_URL, path: env.SPAMD_PATH };
    this.dns = {
      servers: env.DNS_SERVERS.split(',').filter(Boolean),
      timeoutMs: env.DNS_TIMEOUT_MS,
    };
    this.engines = enabledEngines(env);
    this.bodyLimitBytes = parseSize(env.BODY_LIMIT);
    this.emailLimits = {
      maxDepth: env.EMAIL_MAX_DEPTH,
      maxElements: env.EMAIL_MAX_ELEMENTS,
      maxMimeParts: env.EMAIL_MAX_MIME_PARTS,
    };
    this.images = imageFetchSettings(env);
    this.resources = resourceFetchSettings(env);
    this.ttl = {
      emailHours: env.EMAIL_TTL_HOURS,
      captureDays: env.CAPTURE_TTL_DAYS,
      tokenSeconds: env.TOKEN_TTL_SECONDS,
    };
    this.expiryIntervalMs = parseDuration(env.EXPIRY_INTERVAL);
    this.oauth = oauthSettings(env);
    this.capture = captureSettings(env, this.runMode);
    this.preparation = preparationSettings(env);
    this.logLevel = env.LOG_LEVEL;
    this.redis = {
      url: env.REDIS_URL,
      prefix: env.QUEUE_PREFIX,
      lockMs: env.WORKER_LOCK_MS,
    };
    this.throttling = throttlingSettings(env);
    this.eventStreams = eventStreamSettings(env);
    this.storage = storageSettings(env);
    this.smtp = smtpSettings(env, this.publicUrl);
  }

  get apiBaseUrl(): string {
    return `${this.publicUrl}/v1`;
  }
}

/**
 * Validates the environment into an AppConfig. Throws a ConfigError naming every wrong
 * variable, so a bad value stops the boot with a message an operator can act on.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const lines: string[] = [];
  const env = validated(Environment, source, lines);
  // Each engine's own variables, declared by its descriptor, checked the same way.
  const engineSettings = Object.fromEntries(
    ENGINE_SETTINGS.map(({ engine, settings }) => [engine, validated(settings, source, lines)]),
  );
  if (lines.length > 0) throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  return new AppConfig(env, engineSettings);
}

/** `source`'s variables that `type` declares, with its defaults; what is wrong goes to `lines`. */
function validated<T extends object>(
  type: new () => T,
  source: NodeJS.ProcessEnv,
  lines: string[],
): T {
  const known = Object.keys(new type());
  const relevant = Object.fromEntries(
    Object.entries(source).filter(([key, value]) => known.includes(key) && value !== undefined),
  );
  const values = plainToInstance(type, relevant, { exposeDefaultValues: true });
  for (const error of validateSync(values, { forbidUnknownValues: true })) {
    const reasons = Object.values(error.constraints ?? {}).join('; ');
    lines.push(`${error.property}=${JSON.stringify(relevant[error.property] ?? '')}: ${reasons}`);
  }
  return values;
}
