import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { attackAs, NOBODY } from '../support/local-attacker';
import { basicAuth, createApplication, createStaffKey, IssuedApp } from '../support/run-cli';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';
import { until } from '../support/until';

const asRoot = process.getuid?.() === 0;

describe(`the staff routes as a browser reaches them (${TEST_DATABASE})`, () => {
  let t: TestApp;
  let admin: { key: string };
  let app: IssuedApp;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createStaffKey(t, 'admin');
    app = await createApplication(t);
  });
  afterAll(async () => t?.close());

  const disable = () =>
    request(t.url)
      .post(`/v1/admin/applications/${app.client_id}/disable`)
      .set('Authorization', basicAuth(admin.key));
  const isDisabled = async () =>
    (
      await request(t.url)
        .get(`/v1/admin/applications/${app.client_id}`)
        .set('Authorization', basicAuth(admin.key))
        .expect(200)
    ).body.disabled as boolean;

  it('refuses a change posted from another origin, as a page would with the key the browser kept', async () => {
    // An HTML form's POST: urlencoded and empty, with the browser's own headers.
    for (const crossSite of [
      { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
      { Origin: 'https://evil.example' },
      { Origin: 'null' },
    ]) {
      const refused = await disable()
        .set(crossSite)
        .set('Content-Type', 'application/x-www-form-urlencoded')
        .send('');
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ status: 403, title: 'Forbidden' });
      expect(refused.body.description).toMatch(/another origin/);
    }
    expect(await isDisabled()).toBe(false);
    // The console's own requests (same origin), and programs, which send neither header.
    await disable().set('Origin', new URL(t.config.publicUrl).origin).expect(200);
    await request(t.url)
      .post(`/v1/admin/applications/${app.client_id}/enable`)
      .set('Authorization', basicAuth(admin.key))
      .set('Sec-Fetch-Site', 'same-origin')
      .expect(200);
    await disable().expect(200);
    expect(await isDisabled()).toBe(true);
  });

  it('sends no Basic challenge on the admin routes, and no-store on every staff answer', async () => {
    const none = await request(t.url).get('/v1/admin/applications').expect(401);
    expect(none.headers['www-authenticate']).toBeUndefined();
    expect(none.body).toMatchObject({ status: 401, title: 'Unauthorized' });
    const created = await request(t.url)
      .post('/v1/admin/applications')
      .set('Authorization', basicAuth(admin.key))
      .send({ name: 'Shown once', callback_uris: ['https://integrator.example/cb'] })
      .expect(201);
    expect(created.body.api_key).toBeDefined();
    for (const answer of [none, created]) expect(answer.headers['cache-control']).toBe('no-store');
    const listed = await request(t.url)
      .get('/v1/admin/audit')
      .set('Authorization', basicAuth(admin.key))
      .expect(200);
    expect(listed.headers['cache-control']).toBe('no-store');
  });
});

(asRoot ? describe : describe.skip)(
  `DATA_DIR and what the service writes (${TEST_DATABASE})`,
  () => {
    let t: TestApp;
    let parent: string;
    let dir: string;
    beforeAll(async () => {
      // As an installation made before: ./data in a checkout anyone may read, a stored file 0644.
      parent = mkdtempSync(join(tmpdir(), 'ip-checkout-'));
      chmodSync(parent, 0o755);
      dir = join(parent, 'data');
      mkdirSync(join(dir, 'files'), { recursive: true, mode: 0o755 });
      chmodSync(dir, 0o755);
      writeFileSync(join(dir, 'files', 'kept.png'), 'png', { mode: 0o644 });
      t = await createTestApp({ env: { DATA_DIR: dir } });
      await createApplication(t);
    });
    afterAll(async () => {
      await t?.close();
      rmSync(parent, { recursive: true, force: true });
    });

    it('are the service user’s alone: another local user reads nothing of them', async () => {
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      const paths = [dir, join(dir, 'oauth-signing-secret'), join(dir, 'files', 'kept.png')];
      if (TEST_DATABASE === 'sqlite') {
        expect(statSync(t.config.database.sqlitePath).mode & 0o777).toBe(0o600);
        paths.push(t.config.database.sqlitePath);
      }
      expect(attackAs(NOBODY, { displays: [], ports: [], paths }).pathsRead).toEqual([]);
      // What was there before is tightened too, in the background.
      await until(() => (statSync(join(dir, 'files', 'kept.png')).mode & 0o777) === 0o600);
    });
  },
);
