import request from 'supertest';
import { createUser, FormUser, PASSWORD } from '../support/oauth-agent';
import { authorizationCode, bearerEmail, CALLBACK, tokenRequest } from '../support/oauth-flow';
import {
  basicAuth,
  createApplication,
  createBillingKey,
  createStaffKey,
  IssuedApp,
} from '../support/run-cli';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

const postEmailWith = (t: TestApp, apiKey: string) =>
  request(t.url)
    .post('/v1/emails')
    .set('Authorization', basicAuth(apiKey))
    .send({ html_text: '<p>x</p>' });

describe(`the admin API (${TEST_DATABASE})`, () => {
  let t: TestApp;
  let admin: { id: string; key: string };
  let billingKey: string;
  let existing: IssuedApp;
  const as = (key: string) => ({
    get: (path: string) => request(t.url).get(path).set('Authorization', basicAuth(key)),
    post: (path: string, body: object = {}) =>
      request(t.url).post(path).set('Authorization', basicAuth(key)).send(body),
    patch: (path: string, body: object) =>
      request(t.url).patch(path).set('Authorization', basicAuth(key)).send(body),
    delete: (path: string) => request(t.url).delete(path).set('Authorization', basicAuth(key)),
  });

  beforeAll(async () => {
    // The permission sweep below fails on purpose well past the per-address limit of refused
    // credentials; that limit has its own tests.
    t = await createTestApp({ env: { AUTH_FAILURES_PER_ADDRESS: '1000' } });
    admin = await createStaffKey(t, 'admin');
    billingKey = await createBillingKey(t);
    existing = await createApplication(t, { callback: [CALLBACK] });
  });
  afterAll(async () => t?.close());

  it('answers every admin route 403 to a billing key and to an application key, 401 to none, with the error body', async () => {
    const routes: [string, string][] = [
      ['get', '/v1/admin/applications'],
      ['post', '/v1/admin/applications'],
      ['get', `/v1/admin/applications/${existing.client_id}`],
      ['patch', `/v1/admin/applications/${existing.client_id}`],
      ['post', `/v1/admin/applications/${existing.client_id}/api-key`],
      ['post', `/v1/admin/applications/${existing.client_id}/client-secret`],
      ['post', `/v1/admin/applications/${existing.client_id}/disable`],
      ['post', `/v1/admin/applications/${existing.client_id}/enable`],
      ['get', `/v1/admin/applications/${existing.client_id}/webhooks`],
      ['get', '/v1/admin/users'],
      ['post', '/v1/admin/users'],
      ['get', '/v1/admin/staff-keys'],
      ['post', '/v1/admin/staff-keys'],
      ['delete', `/v1/admin/staff-keys/${admin.id}`],
      ['get', '/v1/admin/audit'],
    ];
    for (const [method, path] of routes) {
      for (const key of [billingKey, existing.api_key]) {
        const response = await (
          as(key) as unknown as Record<string, (p: string, b?: object) => request.Test>
        )[method](path, {});
        expect({ method, path, status: response.status, body: response.body }).toEqual({
          method,
          path,
          status: 403,
          body: {
            status: 403,
            title: 'Forbidden',
            description: 'The admin API is for admin staff keys only',
          },
        });
      }
      const anonymous = await (
        request(t.url) as unknown as Record<string, (p: string) => request.Test>
      )[method](path);
      expect({ method, path, status: anonymous.status }).toEqual({ method, path, status: 401 });
    }
    // nothing changed: the application is as it was
    await postEmailWith(t, existing.api_key).expect(200);
  });

  it('registers an application over HTTP, its secrets once; rotates, disables and enables it; the audit log holds each action without a secret', async () => {
    const created = await as(admin.key)
      .post('/v1/admin/applications', { name: 'Acme <b>previews</b>', callback_uris: [CALLBACK] })
      .expect(201);
    const app = created.body as IssuedApp & { name: string };
    expect(Object.keys(app).sort()).toEqual([
      'api_key',
      'callback_uris',
      'client_id',
      'client_secret',
      'id',
      'name',
    ]);
    expect(app.name).toBe('Acme <b>previews</b>'); // kept as text
    await postEmailWith(t, app.api_key).expect(200);
    // its secrets are never shown again
    const shown = await as(admin.key).get(`/v1/admin/applications/${app.client_id}`).expect(200);
    expect(JSON.stringify(shown.body)).not.toContain(app.api_key);
    expect(JSON.stringify(shown.body)).not.toContain(app.client_secret);
    expect(shown.body).toMatchObject({
      client_id: app.client_id,
      disabled: false,
      callback_uris: [CALLBACK],
    });

    // callbacks: https only, as the CLI says
    await as(admin.key)
      .patch(`/v1/admin/applications/${app.client_id}`, {
        add_callback_uris: ['http://acme.example/cb'],
      })
      .expect(400);
    const changed = await as(admin.key)
      .patch(`/v1/admin/applications/${app.client_id}`, {
        add_callback_uris: ['https://acme.example/cb'],
      })
      .expect(200);
    expect(changed.body.callback_uris).toEqual([CALLBACK, 'https://acme.example/cb']);

    // a user grants it access: a bearer token
    await createUser(t, 'ada@example.com');
    const user = new FormUser(t, 'ada@example.com');
    const code = await authorizationCode(user, app);
    const token = (
      await tokenRequest(t, { grant_type: 'authorization_code', code, redirect_uri: CALLBACK })
        .auth(app.client_id, app.client_secret!)
        .expect(200)
    ).body.access_token as string;
    await bearerEmail(t, token).expect(200);

    // rotation: the old key 401, the new one 200
    const rotated = await as(admin.key)
      .post(`/v1/admin/applications/${app.client_id}/api-key`)
      .expect(200);
    expect(Object.keys(rotated.body).sort()).toEqual(['api_key', 'client_id']);
    await postEmailWith(t, app.api_key).expect(401);
    await postEmailWith(t, rotated.body.api_key).expect(200);
    const secret = await as(admin.key)
      .post(`/v1/admin/applications/${app.client_id}/client-secret`)
      .expect(200);
    expect(secret.body.client_secret).toMatch(/^ips_/);

    // disabled: its key and its bearer token refused at once; enabled: both work again
    const disabled = await as(admin.key)
      .post(`/v1/admin/applications/${app.client_id}/disable`)
      .expect(200);
    expect(disabled.body.disabled).toBe(true);
    await postEmailWith(t, rotated.body.api_key).expect(401);
    await bearerEmail(t, token).expect(401);
    await as(admin.key).post(`/v1/admin/applications/${app.client_id}/enable`).expect(200);
    await postEmailWith(t, rotated.body.api_key).expect(200);
    await bearerEmail(t, token).expect(200);

    // listed with its counts
    const list = await as(admin.key).get('/v1/admin/applications').expect(200);
    expect(list.body).toContainEqual(
      expect.objectContaining({ client_id: app.client_id, counts: { captures: 0, webhooks: 0 } }),
    );
    const webhooks = await as(admin.key)
      .get(`/v1/admin/applications/${app.client_id}/webhooks`)
      .expect(200);
    expect(webhooks.body).toEqual([]);

    // the audit log: each action, who, from where, and never a secret
    const audit = await as(admin.key)
      .get(`/v1/admin/audit?target=${app.client_id}&per_page=50`)
      .expect(200);
    expect(audit.body.events.map((e: { action: string }) => e.action).reverse()).toEqual([
      'application.create',
      'application.update',
      'application.rotate-api-key',
      'application.rotate-client-secret',
      'application.disable',
      'application.enable',
    ]);
    for (const event of audit.body.events)
      expect(event).toMatchObject({
        staff_key: { id: admin.id, name: 'ops' },
        target: { type: 'application', id: app.client_id },
      });
    expect(
      audit.body.events.find((e: { action: string }) => e.action === 'application.disable'),
    ).toMatchObject({
      before: { disabled: false },
      after: { disabled: true },
    });
    const text = JSON.stringify(audit.body);
    for (const secretValue of [
      app.api_key,
      rotated.body.api_key,
      app.client_secret,
      secret.body.client_secret,
    ])
      expect(text).not.toContain(secretValue);
    expect(audit.body.events[0].address).toMatch(/127\.0\.0\.1/);
    // filtered and paged
    const page = await as(admin.key)
      .get('/v1/admin/audit?action=application.enable&per_page=1&page=1')
      .expect(200);
    expect(page.body).toMatchObject({ total: 1, page: 1, per_page: 1 });
    await as(admin.key).get('/v1/admin/audit?per_page=0').expect(400);
    await as(admin.key)
      .get('/v1/admin/audit?from=2026-12-01T00:00:00Z&to=2026-11-01T00:00:00Z')
      .expect(400);
  });

  it('creates and disables users, and creates and revokes staff keys', async () => {
    const created = await as(admin.key)
      .post('/v1/admin/users', { email: 'grace@example.com', name: 'Grace', password: PASSWORD })
      .expect(201);
    expect(created.body).toMatchObject({ email: 'grace@example.com', disabled: false });
    expect(JSON.stringify(created.body)).not.toContain(PASSWORD);
    await as(admin.key)
      .post('/v1/admin/users', { email: 'not-an-email', name: 'x', password: PASSWORD })
      .expect(400);
    const users = await as(admin.key).get('/v1/admin/users').expect(200);
    expect(users.body.map((u: { email: string }) => u.email)).toContain('grace@example.com');

    // a disabled user's tokens are refused
    const grace = new FormUser(t, 'grace@example.com');
    const code = await authorizationCode(grace, existing);
    const issued = (
      await tokenRequest(t, { grant_type: 'authorization_code', code, redirect_uri: CALLBACK })
        .auth(existing.client_id, existing.client_secret!)
        .expect(200)
    ).body;
    const token = issued.access_token as string;
    const unused = await authorizationCode(grace, existing);
    await bearerEmail(t, token).expect(200);
    await as(admin.key).post(`/v1/admin/users/${created.body.id}/disable`).expect(200);
    await bearerEmail(t, token).expect(401);
    // ... and everything else of theirs ended: a code not yet exchanged, the refresh token,
    // and the open session, which can no longer complete an authorization (it asks to sign in).
    const exchange = await tokenRequest(t, {
      grant_type: 'authorization_code',
      code: unused,
      redirect_uri: CALLBACK,
    }).auth(existing.client_id, existing.client_secret!);
    expect([exchange.status, exchange.body.error]).toEqual([400, 'invalid_grant']);
    const refresh = await tokenRequest(t, {
      grant_type: 'refresh_token',
      refresh_token: issued.refresh_token,
    }).auth(existing.client_id, existing.client_secret!);
    expect([refresh.status, refresh.body.error]).toEqual([400, 'invalid_grant']);
    const again = await grace.get(
      `/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: existing.client_id, state: 's', redirect_uri: CALLBACK })}`,
    );
    expect(again.status).toBe(200);
    expect(again.text).toContain('action="/oauth/login"');
    // Enabled again, the user signs in anew: the old token stays revoked.
    await as(admin.key).post(`/v1/admin/users/${created.body.id}/enable`).expect(200);
    await bearerEmail(t, token).expect(401);
    await as(admin.key)
      .post('/v1/admin/users/00000000-0000-4000-8000-000000000000/disable')
      .expect(404);

    const key = await as(admin.key)
      .post('/v1/admin/staff-keys', { name: 'auditor', role: 'billing' })
      .expect(201);
    expect(key.body.key).toMatch(/^ipsk_/);
    await as(key.body.key).get('/v1/billing/usage?from=2026-11-01&to=2026-11-30').expect(200);
    const keys = await as(admin.key).get('/v1/admin/staff-keys').expect(200);
    expect(JSON.stringify(keys.body)).not.toContain(key.body.key);
    expect(keys.body).toContainEqual(
      expect.objectContaining({ id: key.body.id, role: 'billing', revoked: false }),
    );
    await as(admin.key).post('/v1/admin/staff-keys', { name: 'x', role: 'root' }).expect(400);
    await as(admin.key).delete(`/v1/admin/staff-keys/${key.body.id}`).expect(204);
    await as(key.body.key).get('/v1/billing/usage?from=2026-11-01&to=2026-11-30').expect(401);

    const audit = await as(admin.key).get('/v1/admin/audit?per_page=200').expect(200);
    const actions = audit.body.events.map((e: { action: string }) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'user.create',
        'user.disable',
        'staff-key.create',
        'staff-key.revoke',
      ]),
    );
    // what the command line did is there too, by the operator's system account
    expect(audit.body.events).toContainEqual(
      expect.objectContaining({
        action: 'application.create',
        staff_key: { id: 'cli', name: expect.stringMatching(/^command line \(.+\)$/) },
        target: { type: 'application', id: existing.client_id },
        address: 'local',
      }),
    );
    expect(JSON.stringify(audit.body)).not.toContain(key.body.key);
    expect(JSON.stringify(audit.body)).not.toContain(PASSWORD);
  });
});
