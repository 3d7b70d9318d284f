import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  ValidateIf,
} from 'class-validator';
import { cpus } from 'node:os';

import { ENGINES } from '../../rendering/engine/engine-registry';
import { toBool, toInt } from './env-transforms';
import { SmtpEnvironment } from './smtp-settings';

/** The engines a profile may name: the rendering library's registry. */
export const ENGINE_NAMES = ENGINES;
export type EngineName = (typeof ENGINE_NAMES)[number];
const ENGINE_NAME = `(${ENGINE_NAMES.join('|')})`;

const SIZE = /^\d+(b|kb|mb|gb)?$/i;
/** A secret every process of a deployment holds alike: one a scale-out process cannot make up. */
const SHARED_SECRET =
  'must be at least 32 characters, and is required in scale-out (REDIS_URL set): the same value on every process';
const DURATION = /^[1-9]\d*(ms|s|m|h)?$/;

/**
 * Every environment variable the service reads, with its default. Parsed and validated
 * once at boot (loadConfig); nothing else in the code reads process.env. SMTP intake's
 * variables are declared in smtp-settings.ts, inherited here, to keep this file in bounds.
 */
export class Environment extends SmtpEnvironment {
  @Transform(toInt) @IsInt() @Min(0) @Max(65535) PORT = 3000;
  @IsString() HOST = '127.0.0.1';
  @IsString() DATA_DIR = './data';
  /** Which proxies may say the original scheme (X-Forwarded-Proto): Express "trust proxy" values. */
  @IsString() TRUST_PROXY = 'loopback';

  /** Empty: SQLite in DATA_DIR. postgres://...: PostgreSQL. */
  @ValidateIf((env: Environment) => env.DATABASE_URL !== '')
  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'must be empty (SQLite) or a postgres:// URL' })
  DATABASE_URL = '';

  @IsOptional()
  @Matches(/^https?:\/\/[^/\s]+(\/\S*)?$/, { message: 'must be an http(s) URL' })
  PUBLIC_URL?: string;
  @IsOptional()
  @Matches(/^[a-z0-9.-]+(:\d+)?$/i, { message: 'must be a host name, optionally with :port' })
  CDN_DOMAIN?: string;

  /** A running spamd: `unix:/path/to/socket` or `host:port`; unset, the service starts its own. */
  @IsOptional()
  @Matches(/^(unix:\/\S+|[a-z0-9.-]+:\d+)$/i, {
    message: 'must be unix:/path/to/socket or host:port',
  })
  SPAMD_URL?: string;
  /** The spamd the service starts when SPAMD_URL is unset. */
  @IsString() SPAMD_PATH = '/usr/sbin/spamd';
  /**
   * The DNS servers authentication asks (DKIM keys, SPF, DMARC, BIMI): comma-separated IPs,
   * each optionally with :port ([v6]:port). Empty: the machine's own resolvers.
   */
  @Matches(
    /^$|^([0-9.]+(:\d+)?|\[[0-9a-f:.]+\](:\d+)?|[0-9a-f:]+)(,([0-9.]+(:\d+)?|\[[0-9a-f:.]+\](:\d+)?|[0-9a-f:]+))*$/i,
    {
      message: 'must be empty or comma-separated IP addresses, each optionally with :port',
    },
  )
  DNS_SERVERS = '';
  /** How long one DNS query waits for its answer before it is tried again once, then fails. */
  @Transform(toInt) @IsInt() @Min(50) @Max(30000) DNS_TIMEOUT_MS = 2000;

  /**
   * The engines this process draws with: all (every registered engine) or a comma-separated
   * list. Chromium always draws what no enabled engine can (the report and catalogue say so).
   */
  @Matches(new RegExp(`^(all|${ENGINE_NAME}(,${ENGINE_NAME})*)$`), {
    message: `must be 'all' or a comma-separated list of ${ENGINE_NAMES.join(', ')}`,
  })
  ENGINES = 'all';
  /** Who the engines run as where the service runs as root (a dedicated unprivileged user). */
  @Matches(/^[a-z_][a-z0-9_-]{0,31}$/, { message: 'ENGINE_USER must be a user name' })
  ENGINE_USER = 'instant-preview-engine';
  @Transform(toBool) @IsBoolean() ALLOW_PRIVATE_IMAGE_HOSTS = false;
  /** Hosts a preview's fallback_url may name besides public https hosts (comma-separated). */
  @IsString() FALLBACK_URL_HOSTS = '';
  /** Readers' share per client code for the checks' support score (CODE=weight,...); empty: equal. */
  @Matches(/^([A-Za-z0-9]+=\d+(\.\d+)?(,[A-Za-z0-9]+=\d+(\.\d+)?)*)?$/, {
    message: 'must be comma-separated CODE=weight pairs such as APPMAIL16=30,GMAILNEW=25',
  })
  CLIENT_SHARES = '';
  /** Hosts a webhook URL may name besides public https hosts, http allowed (comma-separated). */
  @IsString() WEBHOOK_ALLOW_HOSTS = '';
  /** The waits before each retry of a failed delivery (Standard Webhooks' schedule: about a day). */
  @Matches(/^[1-9]\d*(ms|s|m|h)?(,[1-9]\d*(ms|s|m|h)?)*$/, {
    message: 'must be comma-separated durations such as 5s,5m,30m,2h',
  })
  WEBHOOK_RETRY_SCHEDULE = '5s,5m,30m,2h,5h,10h,10h';
  /** How long a receiver may take to answer a delivery. */
  @Transform(toInt) @IsInt() @Min(100) WEBHOOK_TIMEOUT_MS = 10000;
  /** A webhook whose every delivery has failed for this long is disabled. */
  @Matches(/^[1-9]\d*(s|m|h|d)$/, { message: 'must be a duration such as 5d or 12h' })
  WEBHOOK_DISABLE_AFTER = '5d';
  /** Delivery attempts per application and minute; past it its deliveries wait (0: no limit). */
  @Transform(toInt) @IsInt() @Min(0) WEBHOOK_DELIVERIES_PER_MINUTE = 600;
  /**
   * Seals webhook signing secrets (AES-256-GCM under a key derived from it). Empty: generated
   * once and kept in DATA_DIR (embedded mode). Scale-out requires it, the same on every process.
   */
  @ValidateIf((env: Environment) => env.WEBHOOK_SECRET_KEY !== '' || env.REDIS_URL !== '')
  @Matches(/^.{32,}$/, { message: SHARED_SECRET })
  WEBHOOK_SECRET_KEY = '';
  /** The key before WEBHOOK_SECRET_KEY, while a rotation lasts: still opens what it sealed. */
  @ValidateIf((env: Environment) => env.WEBHOOK_SECRET_KEY_PREVIOUS !== '')
  @Matches(/^.{32,}$/, { message: 'must be at least 32 characters' })
  WEBHOOK_SECRET_KEY_PREVIOUS = '';
  /** Comma-separated IP addresses allowed even though private (an internal image server). */
  @Matches(/^[0-9a-f.:, ]*$/i, { message: 'must be a comma-separated list of IP addresses' })
  IMAGE_FETCH_ALLOW_IPS = '';

  @Matches(SIZE, { message: 'must be a size such as 10mb, 512kb or 1048576' }) BODY_LIMIT = '10mb';
  @Transform(toInt) @IsInt() @Min(0) @Max(1000) IMAGE_FETCH_MAX_COUNT = 50;
  @Matches(SIZE, { message: 'must be a size such as 5mb' }) IMAGE_FETCH_MAX_BYTES = '5mb';
  @Matches(SIZE, { message: 'must be a size such as 25mb' }) IMAGE_FETCH_MAX_TOTAL_BYTES = '25mb';
  @Transform(toInt) @IsInt() @Min(100) @Max(120000) IMAGE_FETCH_TIMEOUT_MS = 5000;
  @Transform(toInt) @IsInt() @Min(1) @Max(64) IMAGE_FETCH_CONCURRENCY = 6;
  /** Stylesheets (links and @imports together) and web font files fetched per email. */
  @Transform(toInt) @IsInt() @Min(0) @Max(200) STYLESHEET_FETCH_MAX_COUNT = 20;
  /** @imports followed below a stylesheet named by the HTML (a `<link>` or a `<style>`'s @import). */
  @Transform(toInt) @IsInt() @Min(0) @Max(10) STYLESHEET_IMPORT_DEPTH = 4;
  @Matches(SIZE, { message: 'must be a size such as 1mb' }) STYLESHEET_FETCH_MAX_BYTES = '1mb';
  @Transform(toInt) @IsInt() @Min(0) @Max(200) FONT_FETCH_MAX_COUNT = 20;
  @Matches(SIZE, { message: 'must be a size such as 2mb' }) FONT_FETCH_MAX_BYTES = '2mb';
  /** All stylesheets and fonts of one email together (images have their own total). */
  @Matches(SIZE, { message: 'must be a size such as 10mb' }) RESOURCE_FETCH_MAX_TOTAL_BYTES =
    '10mb';

  @Transform(toInt) @IsInt() @Min(1) EMAIL_TTL_HOURS = 48;
  /** How often the expiry jobs run: 10m, 30s, 1h or milliseconds; 0 turns them off in this process. */
  @Matches(/^(0|\d+(ms|s|m|h)?)$/, {
    message: 'must be a duration such as 10m, 30s, 1h, or 0 (off)',
  })
  EXPIRY_INTERVAL = '10m';
  @Transform(toInt) @IsInt() @Min(1) CAPTURE_TTL_DAYS = 180;
  @Transform(toInt) @IsInt() @Min(60) TOKEN_TTL_SECONDS = 7200;
  @Transform(toInt) @IsInt() @Min(1) REFRESH_TOKEN_TTL_DAYS = 30;
  /** RFC 6749 4.1.2: codes live at most 10 minutes. */
  @Transform(toInt) @IsInt() @Min(10) @Max(600) AUTH_CODE_TTL_SECONDS = 600;
  /** A sign-in to the authorization pages lasts at most this long (absolute lifetime). */
  @Transform(toInt) @IsInt() @Min(1) SESSION_TTL_HOURS = 8;
  /** ...and ends sooner when unused for this long (idle timeout). */
  @Transform(toInt) @IsInt() @Min(1) SESSION_IDLE_MINUTES = 30;
  /**
   * Signs access tokens (HS256). Empty: generated once and kept in DATA_DIR (embedded mode).
   * Scale-out requires it: every process must hold the same one.
   */
  @ValidateIf((env: Environment) => env.OAUTH_SIGNING_SECRET !== '' || env.REDIS_URL !== '')
  @Matches(/^.{32,}$/, { message: SHARED_SECRET })
  OAUTH_SIGNING_SECRET = '';

  /** Linear-time limits checked at POST /v1/emails (400 naming the limit). */
  @Transform(toInt) @IsInt() @Min(16) @Max(5000) EMAIL_MAX_DEPTH = 400;
  @Transform(toInt) @IsInt() @Min(100) EMAIL_MAX_ELEMENTS = 50000;
  @Transform(toInt) @IsInt() @Min(1) EMAIL_MAX_MIME_PARTS = 500;

  @Transform(toInt) @IsInt() @Min(1) @Max(64) CAPTURE_CONCURRENCY = Math.max(1, cpus().length);
  /** The render itself, from the moment it holds a slot; past it the render is stopped (504). */
  @Transform(toInt) @IsInt() @Min(1) CAPTURE_TIMEOUT_MS = 30000;
  /** A Chromium renderer using more resident memory is killed; its capture fails alone (500). */
  @Transform(toInt) @IsInt() @Min(128) RENDER_MEMORY_MB = 1536;
  /** A renderer that has used this much CPU time gets the lowest priority (0: never). */
  @Transform(toInt) @IsInt() @Min(0) RENDER_YIELD_AFTER_CPU_MS = 250;
  /** Memory for finished renders shared with other clients of the same pixels (0: none kept). */
  @Transform(toInt) @IsInt() @Min(0) RENDER_SHARE_MB = 128;
  /** A context kept open this long for the same email's next capture (0: a new one each time). */
  @Transform(toInt) @IsInt() @Min(0) @Max(60000) RENDER_CONTEXT_IDLE_MS = 1000;
  /** Keep a fresh context open ahead of demand, so a first capture does not wait for one. */
  @Transform(toBool) @IsBoolean() RENDER_WARM_CONTEXTS = true;
  /**
   * Start every engine when the service starts (readiness says `starting` until they are up),
   * each with a context open for the device most of its profiles use; off: on first use.
   */
  @Transform(toBool) @IsBoolean() ENGINE_WARM_UP = true;
  /** Worker threads that parse and transform emails, off the API's event loop. */
  @Transform(toInt) @IsInt() @Min(1) @Max(64) PREPARE_THREADS = Math.max(1, cpus().length);
  /** Time budget of one preparation; past it the thread is ended (500 for that client). */
  @Transform(toInt) @IsInt() @Min(100) PREPARE_TIMEOUT_MS = 10000;
  /** Heap limit of each preparation thread. */
  @Transform(toInt) @IsInt() @Min(64) PREPARE_MEMORY_MB = 512;
  /** How long a render's claim on its pending row holds unless renewed (renewed every third of it). */
  @Transform(toInt) @IsInt() @Min(1000) CAPTURE_LEASE_MS = 15000;
  /** On SIGTERM: how long in-flight captures may finish before the rest is handed back. */
  @Transform(toInt) @IsInt() @Min(0) SHUTDOWN_GRACE_MS = 8000;
  /**
   * Names this process's leases; a restart under the same name takes its old leases back at
   * once. Empty: the host name in embedded mode, host name and pid (unique, no take-back) in
   * scale-out, where several workers may share a host: give each replica its own name there.
   */
  @ValidateIf((env: Environment) => env.INSTANCE_NAME !== '')
  @Matches(/^[A-Za-z0-9._-]{1,60}$/, { message: 'must be 1-60 letters, digits, ., - or _' })
  INSTANCE_NAME = '';
  /** How long a preview request waits at most, queue included, before it answers 504. */
  @Transform(toInt) @IsInt() @Min(1) CAPTURE_WAIT_LIMIT_MS = 120000;
  /**
   * At most this many captures wait for a slot (a cap on memory); the real limit is time:
   * a capture that would wait longer than CAPTURE_WAIT_LIMIT_MS - CAPTURE_TIMEOUT_MS at the
   * queue's measured drain rate is refused (503, Retry-After from that rate).
   */
  @Transform(toInt) @IsInt() @Min(0) CAPTURE_QUEUE_LIMIT = 5000;
  @Transform(toInt) @IsInt() @Min(1) BROWSER_RECYCLE_AFTER = 200;

  /** POST /v1/emails per account and minute (429 past it); 0: not limited. */
  @Transform(toInt) @IsInt() @Min(0) EMAILS_PER_MINUTE = 120;
  /** Wrong API keys, bearer tokens or client secrets per address before 429; 0: not limited. */
  @Transform(toInt) @IsInt() @Min(0) AUTH_FAILURES_PER_ADDRESS = 20;
  /** ...counted in this window, and refused for as long once over it. */
  @Matches(DURATION, { message: 'must be a duration such as 10m, 30s or 1h' })
  AUTH_FAILURE_WINDOW = '10m';
  /** Wrong passwords per account and per address before sign-in backs off. */
  @Transform(toInt) @IsInt() @Min(1) LOGIN_FREE_ATTEMPTS = 5;
  /** The first lockout; each further wrong password doubles it, up to LOGIN_BACKOFF_MAX. */
  @Matches(DURATION, { message: 'must be a duration such as 1m or 30s' })
  LOGIN_BACKOFF_BASE = '1m';
  @Matches(DURATION, { message: 'must be a duration such as 15m or 1h' })
  LOGIN_BACKOFF_MAX = '15m';
  /** Password checks (argon2, about 100 ms of a core each) at once; more wait in line. */
  @Transform(toInt) @IsInt() @Min(1) PASSWORD_CHECKS_AT_ONCE = 1;
  /** Sign-ins waiting for a check beyond which the next one is answered 429. */
  @Transform(toInt) @IsInt() @Min(0) PASSWORD_CHECK_QUEUE = 8;

  /**
   * Event streams (GET /v1/emails/<guid>/events) this API process holds at once: each holds
   * a socket and a descriptor, so they are capped per client address (429), per email and
   * in all (503), well under a default descriptor limit (1,024).
   */
  @Transform(toInt) @IsInt() @Min(1) EVENT_STREAMS_PER_ADDRESS = 10;
  @Transform(toInt) @IsInt() @Min(1) EVENT_STREAMS_PER_EMAIL = 20;
  @Transform(toInt) @IsInt() @Min(1) @Max(10000) EVENT_STREAMS_MAX = 200;
  /** A comment line this often keeps a quiet stream through proxies and finds a gone client. */
  @Matches(DURATION, { message: 'must be a duration such as 15s or 1m' })
  EVENT_STREAM_HEARTBEAT = '15s';
  /** A stream that carried no event this long is ended (an EventSource reconnects by itself). */
  @Matches(DURATION, { message: 'must be a duration such as 10m or 1h' })
  EVENT_STREAM_IDLE_TIMEOUT = '10m';

  /** Empty: embedded mode (in-process capture queue). redis://...: scale-out with BullMQ workers. */
  @ValidateIf((env: Environment) => env.REDIS_URL !== '')
  @Matches(/^rediss?:\/\/\S+$/, { message: 'must be empty (embedded) or a redis:// URL' })
  REDIS_URL = '';
  /** Key prefix of the BullMQ queues, so several deployments can share one Redis. */
  @Matches(/^[a-z0-9_-]{1,40}$/i, { message: 'must be 1-40 letters, digits, - or _' })
  QUEUE_PREFIX = 'instant-preview';
  /** A render worker serves its own /metrics on this port (0: not served). */
  @Transform(toInt) @IsInt() @Min(0) @Max(65535) WORKER_METRICS_PORT = 0;
  /** How long a worker holds a job before another worker may take it over (stalled job). */
  @Transform(toInt) @IsInt() @Min(1000) WORKER_LOCK_MS = 30000;

  @IsIn(['local', 's3']) STORAGE = 'local';
  @IsOptional()
  @Matches(/^https?:\/\/\S+$/, { message: 'must be an http(s) URL' })
  S3_ENDPOINT?: string;
  @IsString() S3_REGION = 'us-east-1';
  @ValidateIf((env: Environment) => env.STORAGE === 's3')
  @Matches(/^[a-z0-9.-]{3,63}$/, { message: 'must be a bucket name (required with STORAGE=s3)' })
  S3_BUCKET = '';
  /** Keys live under this prefix in the bucket (a move to a new prefix: storage:move). */
  @Matches(/^([A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*)?$/, {
    message: 'must be empty or path segments of letters, digits, ., - or _ joined by /',
  })
  S3_PREFIX = '';
  @IsOptional() @IsString() S3_ACCESS_KEY_ID?: string;
  @IsOptional() @IsString() S3_SECRET_ACCESS_KEY?: string;
  @Transform(toBool) @IsBoolean() S3_FORCE_PATH_STYLE = false;
  /** Public base URL of the bucket: the capture host redirects there. Empty: presigned URLs. */
  @IsOptional()
  @Matches(/^https?:\/\/\S+$/, { message: 'must be an http(s) URL' })
  S3_PUBLIC_URL?: string;
  @Transform(toInt) @IsInt() @Min(60) @Max(604800) S3_PRESIGN_SECONDS = 3600;

  @IsIn(['error', 'warn', 'log', 'debug', 'verbose']) LOG_LEVEL = 'log';
}
