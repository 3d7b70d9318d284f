import { hostname } from 'node:os';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { resolve } from 'node:path';
import { ENGINE_NAMES, EngineName, Environment } from './environment';
import { FALLBACK_ENGINE } from '../rendering/engine/engine-registry';

export type DatabaseKind = 'sqlite' | 'postgres';

/**
 * embedded: one process renders its own captures (in-process queue). scale-out: API
 * processes enqueue on BullMQ (Redis) and render workers take the jobs
 * (docs/architecture.md#run-modes).
 */
export type RunMode = 'embedded' | 'scale-out';

/** Converts "10m", "30s", "1h", "250ms" or "5000" (ms) to milliseconds. */
export function parseDuration(text: string): number {
  const match = /^(\d+)(ms|s|m|h)?$/.exec(text.trim());
  if (!match) throw new Error(`not a duration: ${text}`);
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[match[2] ?? 'ms']!;
  return Number(match[1]) * unit;
}

/** Converts "10mb", "512kb" or "1048576" to bytes. */
export function parseSize(text: string): number {
  const match = /^(\d+)(b|kb|mb|gb)?$/i.exec(text.trim());
  if (!match) throw new Error(`not a size: ${text}`);
  const unit = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 }[(match[2] ?? 'b').toLowerCase()]!;
  return Number(match[1]) * unit;
}

export class ConfigError extends Error {}

/**
 * The typed, validated configuration. Injected everywhere by this class as the token;
 * built once from the environment by loadConfig.
 */
/** An S3-compatible service, its bucket and key prefix (S3_*). */
export interface S3Settings {
  endpoint?: string;
  region: string;
  bucket: string;
  /** Keys live under this prefix in the bucket ('' for none), without slashes at its ends. */
  prefix: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  publicUrl?: string;
  presignSeconds: number;
}

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
  readonly webhooks: {
    allowHosts: string[];
    retryDelaysMs: number[];
    timeoutMs: number;
    disableAfterMs: number;
    deliveriesPerMinute: number;
    secretKey?: string;
    previousSecretKey?: string;
  };
  readonly cdn: { domain: string; scheme: 'http' | 'https' };
  readonly chromiumPath?: string;
  readonly chromiumSandbox: 'auto' | 'on' | 'off';
  /** ENGINE_USER: who engines run as where the service runs as root. */
  readonly engineUser: string;
  /** ENGINES: what this process may draw with; Chromium always. */
  readonly engines: EngineName[];
  readonly bodyLimitBytes: number;
  /** What an email may hold (POST /v1/emails). */
  readonly emailLimits: { maxDepth: number; maxElements: number; maxMimeParts: number };
  readonly images: {
    allowPrivateHosts: boolean;
    allowAddresses: string[];
    maxCount: number;
    maxBytes: number;
    maxTotalBytes: number;
    timeoutMs: number;
    concurrency: number;
  };
  /**
   * Stylesheets and web fonts an email loads, fetched at POST with the images' protections,
   * deadline and concurrency; each kind with its own count and size, all within one total.
   */
  readonly resources: {
    maxStylesheets: number;
    importDepth: number;
    maxStylesheetBytes: number;
    maxFonts: number;
    maxFontBytes: number;
    maxTotalBytes: number;
  };
  readonly ttl: { emailHours: number; captureDays: number; tokenSeconds: number };
  /** 0: the expiry jobs do not run in this process. */
  readonly expiryIntervalMs: number;
  readonly oauth: {
    refreshTokenDays: number;
    authCodeSeconds: number;
    sessionHours: number;
    sessionIdleMinutes: number;
    signingSecret?: string;
  };
  readonly capture: {
    concurrency: number;
    /**
     * Captures in progress per process: twice the renders, so that one capture's
     * preparation, PNG sizes and storage overlap another's time in the browser.
     */
    jobsAtOnce: number;
    timeoutMs: number;
    waitLimitMs: number;
    leaseMs: number;
    renderMemoryMb: number;
    renderYieldAfterCpuMs: number;
    renderShareMb: number;
    renderContextIdleMs: number;
    renderWarmContexts: boolean;
    /** ENGINE_WARM_UP: the engines start with the service, not at their first capture. */
    engineWarmUp: boolean;
    shutdownGraceMs: number;
    instanceName: string;
    queueLimit: number;
    /** A job that would wait longer than this for a slot, at the measured drain rate, is refused (503). */
    queueWaitMs: number;
    browserRecycleAfter: number;
  };
  /** Where emails are parsed and transformed: worker threads with a budget each. */
  readonly preparation: { threads: number; timeoutMs: number; memoryMb: number };
  readonly logLevel: Environment['LOG_LEVEL'];
  /** BullMQ's Redis and its settings: used in scale-out mode only (url empty otherwise). */
  readonly redis: { url: string; prefix: string; lockMs: number };
  readonly throttling: {
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
  };
  /** Event streams this process holds at once (per address, per email, in all), and their timing. */
  readonly eventStreams: {
    perAddress: number;
    perEmail: number;
    max: number;
    heartbeatMs: number;
    idleTimeoutMs: number;
  };
  /**
   * Where new files go (`kind`), and the S3-compatible service when S3_BUCKET is set: files
   * are read from every location they are recorded at (local always, any bucket of it).
   */
  readonly storage: { kind: 'local' | 's3'; s3?: S3Settings };

  constructor(env: Environment) {
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
    this.webhooks = {
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
    this.cdn = {
      domain: env.CDN_DOMAIN ?? `localhost:${env.PORT}`,
      scheme: this.publicUrl.startsWith('https:') ? 'https' : 'http',
    };
    this.chromiumPath = env.CHROMIUM_PATH || undefined;
    this.chromiumSandbox = env.CHROMIUM_SANDBOX;
    this.engineUser = env.ENGINE_USER;
    this.engines =
      env.ENGINES === 'all'
        ? [...ENGINE_NAMES]
        : ENGINE_NAMES.filter(
            (engine) => engine === FALLBACK_ENGINE || env.ENGINES.split(',').includes(engine),
          );
    this.bodyLimitBytes = parseSize(env.BODY_LIMIT);
    this.emailLimits = {
      maxDepth: env.EMAIL_MAX_DEPTH,
      maxElements: env.EMAIL_MAX_ELEMENTS,
      maxMimeParts: env.EMAIL_MAX_MIME_PARTS,
    };
    this.images = {
      allowPrivateHosts: env.ALLOW_PRIVATE_IMAGE_HOSTS,
      allowAddresses: env.IMAGE_FETCH_ALLOW_IPS.split(',')
        .map((a) => a.trim())
        .filter(Boolean),
      maxCount: env.IMAGE_FETCH_MAX_COUNT,
      maxBytes: parseSize(env.IMAGE_FETCH_MAX_BYTES),
      maxTotalBytes: parseSize(env.IMAGE_FETCH_MAX_TOTAL_BYTES),
      timeoutMs: env.IMAGE_FETCH_TIMEOUT_MS,
      concurrency: env.IMAGE_FETCH_CONCURRENCY,
    };
    this.resources = {
      maxStylesheets: env.STYLESHEET_FETCH_MAX_COUNT,
      importDepth: env.STYLESHEET_IMPORT_DEPTH,
      maxStylesheetBytes: parseSize(env.STYLESHEET_FETCH_MAX_BYTES),
      maxFonts: env.FONT_FETCH_MAX_COUNT,
      maxFontBytes: parseSize(env.FONT_FETCH_MAX_BYTES),
      maxTotalBytes: parseSize(env.RESOURCE_FETCH_MAX_TOTAL_BYTES),
    };
    this.ttl = {
      emailHours: env.EMAIL_TTL_HOURS,
      captureDays: env.CAPTURE_TTL_DAYS,
      tokenSeconds: env.TOKEN_TTL_SECONDS,
    };
    this.expiryIntervalMs = parseDuration(env.EXPIRY_INTERVAL);
    this.oauth = {
      refreshTokenDays: env.REFRESH_TOKEN_TTL_DAYS,
      authCodeSeconds: env.AUTH_CODE_TTL_SECONDS,
      sessionHours: env.SESSION_TTL_HOURS,
      sessionIdleMinutes: env.SESSION_IDLE_MINUTES,
      signingSecret: env.OAUTH_SIGNING_SECRET || undefined,
    };
    this.capture = {
      concurrency: env.CAPTURE_CONCURRENCY,
      jobsAtOnce: env.CAPTURE_CONCURRENCY * 2,
      timeoutMs: env.CAPTURE_TIMEOUT_MS,
      waitLimitMs: env.CAPTURE_WAIT_LIMIT_MS,
      leaseMs: env.CAPTURE_LEASE_MS,
      renderMemoryMb: env.RENDER_MEMORY_MB,
      renderYieldAfterCpuMs: env.RENDER_YIELD_AFTER_CPU_MS,
      renderShareMb: env.RENDER_SHARE_MB,
      renderContextIdleMs: env.RENDER_CONTEXT_IDLE_MS,
      renderWarmContexts: env.RENDER_WARM_CONTEXTS,
      engineWarmUp: env.ENGINE_WARM_UP,
      shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
      instanceName: env.INSTANCE_NAME || defaultInstanceName(this.runMode),
      queueLimit: env.CAPTURE_QUEUE_LIMIT,
      // A request waits CAPTURE_WAIT_LIMIT_MS in all: queue time, then its own render.
      queueWaitMs: Math.max(
        env.CAPTURE_WAIT_LIMIT_MS - env.CAPTURE_TIMEOUT_MS,
        env.CAPTURE_WAIT_LIMIT_MS / 2,
      ),
      browserRecycleAfter: env.BROWSER_RECYCLE_AFTER,
    };
    this.preparation = {
      threads: env.PREPARE_THREADS,
      timeoutMs: env.PREPARE_TIMEOUT_MS,
      memoryMb: env.PREPARE_MEMORY_MB,
    };
    this.logLevel = env.LOG_LEVEL;
    this.redis = {
      url: env.REDIS_URL,
      prefix: env.QUEUE_PREFIX,
      lockMs: env.WORKER_LOCK_MS,
    };
    this.throttling = {
      emailsPerMinute: env.EMAILS_PER_MINUTE,
      authFailuresPerAddress: env.AUTH_FAILURES_PER_ADDRESS,
      authFailureWindowMs: parseDuration(env.AUTH_FAILURE_WINDOW),
      loginFreeAttempts: env.LOGIN_FREE_ATTEMPTS,
      loginBackoffBaseMs: parseDuration(env.LOGIN_BACKOFF_BASE),
      loginBackoffMaxMs: parseDuration(env.LOGIN_BACKOFF_MAX),
      passwordChecksAtOnce: env.PASSWORD_CHECKS_AT_ONCE,
      passwordCheckQueue: env.PASSWORD_CHECK_QUEUE,
    };
    this.eventStreams = {
      perAddress: env.EVENT_STREAMS_PER_ADDRESS,
      perEmail: env.EVENT_STREAMS_PER_EMAIL,
      max: env.EVENT_STREAMS_MAX,
      heartbeatMs: parseDuration(env.EVENT_STREAM_HEARTBEAT),
      idleTimeoutMs: parseDuration(env.EVENT_STREAM_IDLE_TIMEOUT),
    };
    this.storage = {
      kind: env.STORAGE === 's3' ? 's3' : 'local',
      s3: env.S3_BUCKET
        ? {
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION,
            bucket: env.S3_BUCKET,
            prefix: env.S3_PREFIX.replace(/^\/+|\/+$/g, ''),
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
            publicUrl: env.S3_PUBLIC_URL?.replace(/\/+$/, ''),
            presignSeconds: env.S3_PRESIGN_SECONDS,
          }
        : undefined,
    };
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
  const known = Object.keys(new Environment());
  const relevant = Object.fromEntries(
    Object.entries(source).filter(([key, value]) => known.includes(key) && value !== undefined),
  );
  const env = plainToInstance(Environment, relevant, { exposeDefaultValues: true });
  const errors = validateSync(env, { forbidUnknownValues: true });
  if (errors.length > 0) {
    const lines = errors.map((error) => {
      const reasons = Object.values(error.constraints ?? {}).join('; ');
      return `${error.property}=${JSON.stringify(relevant[error.property] ?? '')}: ${reasons}`;
    });
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  return new AppConfig(env);
}

function defaultInstanceName(runMode: RunMode): string {
  const host =
    hostname()
      .replace(/[^A-Za-z0-9._-]/g, '-')
      .slice(0, 40) || 'host';
  return runMode === 'scale-out' ? `${host}-${process.pid}` : host;
}
