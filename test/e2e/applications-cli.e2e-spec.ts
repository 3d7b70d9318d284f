import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import {
  AppsListCommand,
  AppsRotateKeyCommand,
  AppsRotateSecretCommand,
} from '../../src/commands/applications/apps.commands';
import { Application } from '../../src/domain/applications/application.entity';
import { ApplicationsService } from '../../src/domain/applications/applications.service';
import { hashSecret } from '../../src/base/security/secrets';
import { basicAuth, createApplication, runCli } from '../support/run-cli';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

describe(`applications admin CLI (${TEST_DATABASE})`, () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  it('creates an application whose secrets are stored only as hashes', async () => {
    const issued = await createApplication(t, {
      name: 'Acme',
      callback: ['https://acme.example/cb', 'https://acme.example/cb2'],
    });
    expect(Object.keys(issued).sort()).toEqual(
      ['api_key', 'callback_uris', 'client_id', 'client_secret', 'id', 'name'].sort(),
    );
    expect(issued.callback_uris).toEqual(['https://acme.example/cb', 'https://acme.example/cb2']);
    const row = (await t.get(ApplicationsService).findByClientId(issued.client_id)) as Application;
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(issued.api_key);
    expect(stored).not.toContain(issued.client_secret);
    expect(row.clientSecretHash).toBe(hashSecret(issued.client_secret!));
    expect(row.apiKeyHash).toBe(hashSecret(issued.api_key));
  });

  it('creates a public application without a secret', async () => {
    const issued = await createApplication(t, { public: true });
    expect(issued.client_secret).toBeNull();
  });

  it('refuses callbacks that are not absolute https URLs without fragment, with exit code 2', async () => {
    const { AppsCreateCommand } = await import('../../src/commands/applications/apps.commands');
    for (const callback of [
      'http://acme.example/cb',
      '/relative',
      'https://acme.example/cb#frag',
      'nonsense',
    ]) {
      const output = await runCli(t, AppsCreateCommand, [], {
        name: 'Bad',
        callback: [callback],
        json: true,
      });
      expect(output.exitCode).toBe(2);
      expect(output.stdout).toBe('');
      expect(output.stderr).toMatch(/callback refused/);
    }
    const none = await runCli(t, AppsCreateCommand, [], { name: 'NoCallback', json: true });
    expect(none.exitCode).toBe(2);
  });

  it('rotates the API key: the old one stops working, the new one works', async () => {
    const issued = await createApplication(t);
    const output = await runCli(t, AppsRotateKeyCommand, [issued.client_id], { json: true });
    const rotated = JSON.parse(output.stdout);
    expect(rotated.api_key).not.toBe(issued.api_key);
    expect(rotated).not.toHaveProperty('client_secret');
    await request(t.url)
      .post('/v1/emails')
      .set('Authorization', basicAuth(issued.api_key))
      .send({ html_text: 'x' })
      .expect(401);
    await request(t.url)
      .post('/v1/emails')
      .set('Authorization', basicAuth(rotated.api_key))
      .send({ html_text: 'x' })
      .expect(200);
  });

  it('rotates the client secret, lists applications without secrets, and reports unknown ids', async () => {
    const issued = await createApplication(t, { name: 'Rotator' });
    const output = await runCli(t, AppsRotateSecretCommand, [issued.client_id], { json: true });
    const rotated = JSON.parse(output.stdout);
    expect(rotated.client_secret).toMatch(/^ips_/);
    expect(rotated.client_secret).not.toBe(issued.client_secret);
    const row = (await t.get(ApplicationsService).findByClientId(issued.client_id)) as Application;
    expect(row.clientSecretHash).toBe(hashSecret(rotated.client_secret));

    const list = await runCli(t, AppsListCommand, [], { json: true });
    const rows = JSON.parse(list.stdout) as { client_id: string }[];
    expect(rows.map((r) => r.client_id)).toContain(issued.client_id);
    expect(list.stdout).not.toContain('ips_');
    expect(list.stdout).not.toContain('ipk_');

    const missing = await runCli(t, AppsRotateKeyCommand, ['ipc_unknown'], { json: true });
    expect(missing.exitCode).toBe(3);
  });
});

// The built CLI as an operator runs it: stdout carries the JSON and nothing else.
const builtCli = join(__dirname, '../../dist/cli.js');
(existsSync(builtCli) && TEST_DATABASE === 'sqlite' ? describe : describe.skip)(
  'node dist/cli.js',
  () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ip-cli-'));
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [builtCli, ...args], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
      });

    it('prints exactly one JSON object with --json and exits 0', () => {
      const result = run(
        'apps:create',
        '--name',
        'Shell',
        '--callback',
        'https://shell.example/cb',
        '--json',
      );
      expect(result.status).toBe(0);
      const parsed = JSON.parse(result.stdout);
      expect(parsed).toMatchObject({ name: 'Shell', callback_uris: ['https://shell.example/cb'] });
    });

    it('creates a user with the password on stdin, hashed with argon2id', () => {
      const result = spawnSync(
        process.execPath,
        [
          builtCli,
          'users:create',
          '--email',
          'Op@Example.com',
          '--name',
          'Op',
          '--password-stdin',
          '--json',
        ],
        {
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
          encoding: 'utf8',
          input: 'a long enough password\n',
        },
      );
      expect(result.status).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({ email: 'op@example.com', name: 'Op' });
      const list = run('users:list', '--json');
      expect(JSON.parse(list.stdout)).toEqual([
        expect.objectContaining({ email: 'op@example.com' }),
      ]);
      const without = run('users:create', '--email', 'x@example.com', '--name', 'X', '--json');
      expect(without.status).toBe(2);
    });

    it('refuses to boot the service on a wrong setting, naming the variable', () => {
      const result = spawnSync(process.execPath, [join(__dirname, '../../dist/main.js')], {
        env: { ...process.env, DATA_DIR: dataDir, PORT: 'eighty', BODY_LIMIT: 'huge' },
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(result.status).toBe(78);
      expect(result.stderr).toMatch(/PORT="eighty"/);
      expect(result.stderr).toMatch(/BODY_LIMIT="huge"/);
    });

    it('exits 2 with a message for an http callback', () => {
      const result = run(
        'apps:create',
        '--name',
        'Shell',
        '--callback',
        'http://shell.example/cb',
        '--json',
      );
      expect(result.status).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain('must use https');
    });
  },
);
