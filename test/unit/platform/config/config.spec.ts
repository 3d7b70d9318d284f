import { ConfigError, loadConfig, parseSize } from '../../../../src/platform/config/app-config';

describe('loadConfig', () => {
  it('fills every default from an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.kind).toBe('sqlite');
    expect(config.database.sqlitePath).toMatch(/data\/instant-preview\.sqlite$/);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.apiBaseUrl).toBe('http://localhost:3000/v1');
    expect(config.cdn).toEqual({ domain: 'localhost:3000', scheme: 'http' });
    expect(config.images.allowPrivateHosts).toBe(false);
    expect(config.bodyLimitBytes).toBe(10 * 1024 * 1024);
    expect(config.ttl).toEqual({ emailHours: 48, captureDays: 180, tokenSeconds: 7200 });
    expect(config.runMode).toBe('embedded');
  });

  it('draws with every engine by default, with the ones ENGINES names (Chromium always), and refuses others', () => {
    expect(loadConfig({}).engines).toEqual(['chromium', 'webkit', 'gecko']);
    expect(loadConfig({ ENGINES: 'gecko' }).engines).toEqual(['chromium', 'gecko']);
    expect(loadConfig({ ENGINES: 'chromium,webkit' }).engines).toEqual(['chromium', 'webkit']);
    expect(() => loadConfig({ ENGINES: 'safari' })).toThrow(/ENGINES/);
    expect(() => loadConfig({ ENGINES: 'webkit,' })).toThrow(/ENGINES/);
  });

  const SHARED_SECRETS = {
    OAUTH_SIGNING_SECRET: 'a-signing-secret-of-32-characters-at-least',
    WEBHOOK_SECRET_KEY: 'a-webhook-secret-key-of-32-characters-at-least',
  };

  it('runs in scale-out mode with a REDIS_URL, and names each process apart', () => {
    const config = loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379', ...SHARED_SECRETS });
    expect(config.runMode).toBe('scale-out');
    expect(config.capture.instanceName).toMatch(new RegExp(`-${process.pid}$`));
  });

  it('refuses scale-out without the secrets every process must share, naming each', () => {
    const scaleOut = {
      REDIS_URL: 'redis://127.0.0.1:6379',
      DATABASE_URL: 'postgres://preview@db.example:5432/preview',
    };
    const named = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        const refused = /^ {2}(\w+)="": .*required in scale-out/gm;
        return [...(error as Error).message.matchAll(refused)].map((match) => match[1]).sort();
      }
    };
    expect(named(scaleOut)).toEqual(['OAUTH_SIGNING_SECRET', 'WEBHOOK_SECRET_KEY']);
    expect(named({ ...scaleOut, ...SHARED_SECRETS, WEBHOOK_SECRET_KEY: '' })).toEqual([
      'WEBHOOK_SECRET_KEY',
    ]);
    expect(named({ ...scaleOut, ...SHARED_SECRETS })).toEqual([]);
    // Embedded mode makes and keeps its own in DATA_DIR.
    expect(loadConfig({}).webhooks.secretKey).toBeUndefined();
  });

  it('takes the webhook rate per application, and a previous key only of 32 characters or more', () => {
    expect(loadConfig({}).webhooks.deliveriesPerMinute).toBe(600);
    expect(loadConfig({ WEBHOOK_DELIVERIES_PER_MINUTE: '0' }).webhooks.deliveriesPerMinute).toBe(0);
    expect(() => loadConfig({ WEBHOOK_DELIVERIES_PER_MINUTE: '-1' })).toThrow(
      /WEBHOOK_DELIVERIES_PER_MINUTE/,
    );
    expect(() => loadConfig({ WEBHOOK_SECRET_KEY_PREVIOUS: 'short' })).toThrow(
      /WEBHOOK_SECRET_KEY_PREVIOUS="short": must be at least 32 characters/,
    );
  });

  it('derives the public URL and CDN domain from PORT, and the CDN scheme from PUBLIC_URL', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '8080' }).cdn.domain).toBe('localhost:8080');
    const https = loadConfig({
      PUBLIC_URL: 'https://api.example.com/',
      CDN_DOMAIN: 'cdn.example.com',
    });
    expect(https.publicUrl).toBe('https://api.example.com');
    expect(https.cdn).toEqual({ domain: 'cdn.example.com', scheme: 'https' });
  });

  it('parses booleans, sizes and a PostgreSQL URL', () => {
    const config = loadConfig({
      ALLOW_PRIVATE_IMAGE_HOSTS: 'true',
      BODY_LIMIT: '512kb',
      DATABASE_URL: 'postgres://u@127.0.0.1:5432/db',
      IMAGE_FETCH_ALLOW_IPS: '10.1.2.3, 192.168.0.9',
    });
    expect(config.images.allowPrivateHosts).toBe(true);
    expect(config.bodyLimitBytes).toBe(512 * 1024);
    expect(config.database.kind).toBe('postgres');
    expect(config.images.allowAddresses).toEqual(['10.1.2.3', '192.168.0.9']);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['PUBLIC_URL', 'ftp://x'],
    ['ALLOW_PRIVATE_IMAGE_HOSTS', 'perhaps'],
    ['BODY_LIMIT', 'ten megabytes'],
    ['CAPTURE_TIMEOUT_MS', '0'],
    ['LOG_LEVEL', 'loud'],
    ['CDN_DOMAIN', 'http://cdn.example.com'],
    ['EVENT_STREAMS_PER_ADDRESS', '0'],
    ['EVENT_STREAMS_MAX', 'many'],
    ['EVENT_STREAM_HEARTBEAT', '0'],
  ])('refuses %s=%s, naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}=`));
  });

  it('listens for SMTP intake on loopback 2525, its domain PUBLIC_URL host, STARTTLS with both files', () => {
    expect(loadConfig({}).smtp).toEqual({ port: 2525, host: '127.0.0.1', domain: 'localhost' });
    expect(loadConfig({ PUBLIC_URL: 'https://API.example.com:8443/x' }).smtp.domain).toBe(
      'api.example.com',
    );
    const set = loadConfig({
      SMTP_PORT: '0',
      SMTP_DOMAIN: 'Intake.Example.com',
      SMTP_TLS_CERT: '/tls/cert.pem',
      SMTP_TLS_KEY: '/tls/key.pem',
    });
    expect(set.smtp).toMatchObject({
      port: 0,
      domain: 'intake.example.com',
      tls: { certFile: '/tls/cert.pem', keyFile: '/tls/key.pem' },
    });
    expect(() => loadConfig({ SMTP_TLS_CERT: '/tls/cert.pem' })).toThrow(/SMTP_TLS_KEY=/);
    expect(() => loadConfig({ SMTP_PORT: 'smtp' })).toThrow(/SMTP_PORT=/);
    expect(() => loadConfig({ SMTP_DOMAIN: 'not a domain' })).toThrow(/SMTP_DOMAIN=/);
  });

  it('caps event streams per address, per email and in all, with a heartbeat and an idle timeout', () => {
    expect(loadConfig({}).eventStreams).toEqual({
      perAddress: 10,
      perEmail: 20,
      max: 200,
      heartbeatMs: 15_000,
      idleTimeoutMs: 600_000,
    });
    const set = loadConfig({ EVENT_STREAMS_PER_EMAIL: '3', EVENT_STREAM_IDLE_TIMEOUT: '90s' });
    expect(set.eventStreams).toMatchObject({ perEmail: 3, idleTimeoutMs: 90_000 });
  });

  it('reports every wrong variable at once', () => {
    expect(() => loadConfig({ PORT: 'x', BODY_LIMIT: 'y' })).toThrow(/PORT=[\s\S]*BODY_LIMIT=/);
  });

  it("validates each engine's own variables, declared by its descriptor, beside the service's", () => {
    expect(loadConfig({}).engineSettings).toEqual({
      chromium: { CHROMIUM_PATH: undefined, CHROMIUM_SANDBOX: 'auto' },
    });
    expect(loadConfig({ CHROMIUM_PATH: '/opt/chrome' }).engineSettings.chromium).toMatchObject({
      CHROMIUM_PATH: '/opt/chrome',
    });
    expect(() => loadConfig({ PORT: 'x', CHROMIUM_SANDBOX: 'maybe' })).toThrow(
      /PORT="x": [^\n]*\n {2}CHROMIUM_SANDBOX="maybe": CHROMIUM_SANDBOX must be one of the following values: auto, on, off/,
    );
  });

  it('parses sizes', () => {
    expect(parseSize('10mb')).toBe(10485760);
    expect(parseSize('1KB')).toBe(1024);
    expect(parseSize('77')).toBe(77);
    expect(() => parseSize('1 tb')).toThrow();
  });
});
