import { ConfigError, loadConfig, parseSize } from '../../src/config/app-config';

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

  it('runs in scale-out mode with a REDIS_URL, and names each process apart', () => {
    const config = loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(config.runMode).toBe('scale-out');
    expect(config.capture.instanceName).toMatch(new RegExp(`-${process.pid}$`));
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
  ])('refuses %s=%s, naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}=`));
  });

  it('reports every wrong variable at once', () => {
    expect(() => loadConfig({ PORT: 'x', BODY_LIMIT: 'y' })).toThrow(/PORT=[\s\S]*BODY_LIMIT=/);
  });

  it('parses sizes', () => {
    expect(parseSize('10mb')).toBe(10485760);
    expect(parseSize('1KB')).toBe(1024);
    expect(parseSize('77')).toBe(77);
    expect(() => parseSize('1 tb')).toThrow();
  });
});
