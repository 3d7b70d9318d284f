import request from 'supertest';
import { DataSource } from 'typeorm';
import { OAuthTokenRow } from '../../src/domain/oauth/oauth-token.entity';
import { createUser, FormUser } from '../support/oauth-agent';
import { authorizationCode, bearerEmail, CALLBACK, tokenRequest } from '../support/oauth-flow';
import { createApplication, IssuedApp } from '../support/run-cli';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';
import { createHash, randomBytes } from 'node:crypto';

describe(`OAuth failures (${TEST_DATABASE})`, () => {
  let t: TestApp;
  let app: IssuedApp;
  let single: IssuedApp;
  let publicApp: IssuedApp;
  let user: FormUser;
  beforeAll(async () => {
    t = await createTestApp();
    app = await createApplication(t, { callback: [CALLBACK, 'https://integrator.example/second'] });
    single = await createApplication(t, { callback: [CALLBACK] });
    publicApp = await createApplication(t, { callback: [CALLBACK], public: true });
    await createUser(t, 'eve@example.com');
    user = new FormUser(t, 'eve@example.com');
  });
  afterAll(() => t.close());

  const exchange = (target: IssuedApp, code: string, extra: Record<string, string> = {}) =>
    tokenRequest(t, {
      grant_type: 'authorization_code',
      code,
      client_id: target.client_id,
      ...(target.client_secret ? { client_secret: target.client_secret } : {}),
      ...extra,
    });

  it('shows an error page, never a redirect, for an unknown client or an unregistered redirect_uri', async () => {
    for (const query of <Record<string, string>[]>[
      { response_type: 'code', client_id: 'ipc_nobody', redirect_uri: CALLBACK, state: 's' },
      {
        response_type: 'code',
        client_id: app.client_id,
        redirect_uri: 'https://evil.example/cb',
        state: 's',
      },
      {
        response_type: 'code',
        client_id: app.client_id,
        redirect_uri: `${CALLBACK}/extra`,
        state: 's',
      },
      { response_type: 'code', client_id: app.client_id, state: 's' }, // two callbacks: redirect_uri required
    ]) {
      const response = await request(t.url)
        .get(`/oauth/authorize?${new URLSearchParams(query)}`)
        .expect(400);
      expect(response.headers.location).toBeUndefined();
      expect(response.headers['content-type']).toMatch(/text\/html/);
    }
  });

  it('redirects other authorize errors to the callback with the state unchanged', async () => {
    const wrongType = await request(t.url)
      .get(
        `/oauth/authorize?${new URLSearchParams({ response_type: 'token', client_id: app.client_id, redirect_uri: CALLBACK, state: 'a b&c' })}`,
      )
      .expect(302);
    const location = new URL(wrongType.headers.location);
    expect(location.searchParams.get('error')).toBe('unsupported_response_type');
    expect(location.searchParams.get('state')).toBe('a b&c');
    const scope = await request(t.url)
      .get(
        `/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: app.client_id, redirect_uri: CALLBACK, state: 'x', scope: 'admin' })}`,
      )
      .expect(302);
    expect(new URL(scope.headers.location).searchParams.get('error')).toBe('invalid_scope');
  });

  it('requires PKCE of public applications, and verifies it', async () => {
    const { location } = await user.authorize({
      response_type: 'code',
      client_id: publicApp.client_id,
      state: 'p',
    });
    expect(new URL(location).searchParams.get('error')).toBe('invalid_request');
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const code = await authorizationCode(
      user,
      publicApp,
      { code_challenge: challenge, code_challenge_method: 'S256' },
      false,
    );
    const wrong = await exchange(publicApp, code, {
      code_verifier: randomBytes(32).toString('base64url'),
    }).expect(400);
    expect(wrong.body.error).toBe('invalid_grant');
    const code2 = await authorizationCode(
      user,
      publicApp,
      { code_challenge: challenge, code_challenge_method: 'S256' },
      false,
    );
    await exchange(publicApp, code2, { code_verifier: verifier }).expect(200);
  });

  it('fails a reused code and revokes the tokens issued from it', async () => {
    const code = await authorizationCode(user, app);
    const first = await exchange(app, code, { redirect_uri: CALLBACK }).expect(200);
    await bearerEmail(t, first.body.access_token).expect(200);
    const second = await exchange(app, code, { redirect_uri: CALLBACK }).expect(400);
    expect(second.body).toEqual({ error: 'invalid_grant', error_description: expect.any(String) });
    await bearerEmail(t, first.body.access_token).expect(401);
    const refresh = await tokenRequest(t, {
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token,
      client_id: app.client_id,
      client_secret: app.client_secret!,
    }).expect(400);
    expect(refresh.body.error).toBe('invalid_grant');
  });

  it('fails an expired code (10 minutes, by the service clock)', async () => {
    const code = await authorizationCode(user, app);
    t.clock.advance(10 * 60_000 + 1000);
    try {
      const response = await exchange(app, code, { redirect_uri: CALLBACK }).expect(400);
      expect(response.body.error).toBe('invalid_grant');
    } finally {
      t.clock.advance(-(10 * 60_000 + 1000));
    }
  });

  it('binds the code to the redirect_uri: it must match, and be absent when it was absent', async () => {
    const code = await authorizationCode(user, app);
    const other = await exchange(app, code, {
      redirect_uri: 'https://integrator.example/second',
    }).expect(400);
    expect(other.body.error).toBe('invalid_grant');
    const missing = await exchange(app, await authorizationCode(user, app)).expect(400);
    expect(missing.body.error).toBe('invalid_grant');
    const omitted = await authorizationCode(user, single, {}, false);
    const extra = await exchange(single, omitted, { redirect_uri: CALLBACK }).expect(400);
    expect(extra.body.error).toBe('invalid_grant');
    await exchange(single, await authorizationCode(user, single, {}, false)).expect(200);
  });

  it('refuses a wrong client secret with 401 invalid_client', async () => {
    const code = await authorizationCode(user, app);
    const body = await tokenRequest(t, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: CALLBACK,
      client_id: app.client_id,
      client_secret: 'ips_wrong',
    }).expect(401);
    expect(body.body.error).toBe('invalid_client');
    const basic = await tokenRequest(t, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: CALLBACK,
    })
      .auth(app.client_id, 'ips_wrong')
      .expect(401);
    expect(basic.headers['www-authenticate']).toMatch(/^Basic /);
  });

  it('revokes the whole grant when a spent refresh token is used again', async () => {
    const tokens = (
      await exchange(app, await authorizationCode(user, app), { redirect_uri: CALLBACK }).expect(
        200,
      )
    ).body;
    const refresh = (token: string) =>
      tokenRequest(t, {
        grant_type: 'refresh_token',
        refresh_token: token,
        client_id: app.client_id,
        client_secret: app.client_secret!,
      });
    const rotated = (await refresh(tokens.refresh_token).expect(200)).body;
    await bearerEmail(t, rotated.access_token).expect(200);
    const reuse = await refresh(tokens.refresh_token).expect(400);
    expect(reuse.body.error).toBe('invalid_grant');
    await bearerEmail(t, rotated.access_token).expect(401);
    await refresh(rotated.refresh_token).expect(400);
  });

  it('revokes by RFC 7009 (refresh token, form body), then the access token gets 401 on POST /v1/emails', async () => {
    const tokens = (
      await exchange(app, await authorizationCode(user, app), { redirect_uri: CALLBACK }).expect(
        200,
      )
    ).body;
    await request(t.url)
      .post('/oauth/revoke')
      .type('form')
      .send({
        token: tokens.refresh_token,
        token_type_hint: 'refresh_token',
        client_id: app.client_id,
        client_secret: app.client_secret!,
      })
      .expect(200);
    const refused = await bearerEmail(t, tokens.access_token).expect(401);
    expect(refused.headers['www-authenticate']).toBe(
      'Bearer realm="Instant Preview API", error="invalid_token", error_description="The access token has been revoked"',
    );
    await request(t.url)
      .post('/oauth/revoke')
      .send({ token: 'unknown', client_id: app.client_id, client_secret: app.client_secret! })
      .expect(200);
    await request(t.url)
      .post('/oauth/revoke')
      .send({ token: tokens.access_token, client_id: app.client_id, client_secret: 'x' })
      .expect(401);
  });

  it('refuses expired, unknown and forged bearer tokens', async () => {
    const tokens = (
      await exchange(app, await authorizationCode(user, app), { redirect_uri: CALLBACK }).expect(
        200,
      )
    ).body;
    t.clock.advance(7200_000 + 1000);
    try {
      const expired = await bearerEmail(t, tokens.access_token).expect(401);
      expect(expired.headers['www-authenticate']).toContain('The access token has expired');
    } finally {
      t.clock.advance(-(7200_000 + 1000));
    }
    await bearerEmail(t, 'not-a-token').expect(401);
    const [header, payload] = tokens.access_token.split('.');
    await bearerEmail(t, `${header}.${payload}.forgedsignature`).expect(401);
    const rows = await t.get(DataSource).getRepository(OAuthTokenRow).count();
    expect(rows).toBeGreaterThan(0);
  });

  it('shows the login form again for a wrong password, and refuses a login without the form token', async () => {
    const response = await request(t.url)
      .get(
        `/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: single.client_id, state: 's' })}`,
      )
      .expect(200);
    const csrf = /name="csrf" value="([^"]+)"/.exec(response.text)![1];
    const cookie = (response.headers['set-cookie'] as unknown as string[])[0].split(';')[0];
    const returnTo = `/oauth/authorize?response_type=code&client_id=${single.client_id}&state=s`;
    const wrong = await request(t.url)
      .post('/oauth/login')
      .set('Cookie', cookie)
      .type('form')
      .send({ email: 'eve@example.com', password: 'nope nope nope', csrf, return_to: returnTo })
      .expect(401);
    expect(wrong.text).toContain('Wrong email or password');
    await request(t.url)
      .post('/oauth/login')
      .type('form')
      .send({ email: 'eve@example.com', password: 'x', csrf, return_to: returnTo })
      .expect(403);
  });
});
