import { generators, Issuer } from 'openid-client';
import OAuth2Strategy from 'passport-oauth2';
import { DataSource } from 'typeorm';
import { User } from '../../src/domain/applications/user.entity';
import { Email } from '../../src/domain/emails/email.entity';
import { OAuthCode } from '../../src/domain/oauth/oauth-code.entity';
import { OAuthTokenRow } from '../../src/domain/oauth/oauth-token.entity';
import { createUser, FormUser } from '../support/oauth-agent';
import { authorizationCode, bearerEmail, CALLBACK, tokenRequest } from '../support/oauth-flow';
import { createApplication, IssuedApp } from '../support/run-cli';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

interface PassportResult {
  accessToken: string;
  refreshToken: string;
  params: Record<string, unknown>;
}

/** Runs a passport strategy outside Express: resolves with what it decides. */
function runStrategy(strategy: OAuth2Strategy, req: object, options: object) {
  return new Promise<{ redirect?: string; user?: PassportResult; failure?: unknown }>(
    (resolve, reject) => {
      const augmented = Object.assign(Object.create(strategy), {
        redirect: (url: string) => resolve({ redirect: url }),
        success: (user: PassportResult) => resolve({ user }),
        fail: (failure: unknown) => resolve({ failure }),
        error: (error: unknown) => reject(error),
      });
      augmented.authenticate(req, options);
    },
  );
}

describe(`real OAuth client libraries against the server (${TEST_DATABASE})`, () => {
  let t: TestApp;
  let app: IssuedApp;
  let user: FormUser;
  let userAccount: string;
  beforeAll(async () => {
    t = await createTestApp();
    app = await createApplication(t, {
      name: 'Integrator',
      callback: [CALLBACK, 'https://integrator.example/other'],
    });
    userAccount = (await createUser(t, 'ada@example.com')).account_id;
    user = new FormUser(t, 'ada@example.com');
  });
  afterAll(() => t.close());

  it('passport-oauth2 completes the flow with a form-encoded token exchange', async () => {
    const strategy = new OAuth2Strategy(
      {
        authorizationURL: `${t.url}/oauth/authorize`,
        tokenURL: `${t.url}/oauth/token`,
        clientID: app.client_id,
        clientSecret: app.client_secret!,
        callbackURL: CALLBACK,
        state: false,
      },
      (
        accessToken: string,
        refreshToken: string,
        params: Record<string, unknown>,
        _profile: unknown,
        done: (e: null, u: PassportResult) => void,
      ) => done(null, { accessToken, refreshToken, params }),
    );
    const start = await runStrategy(strategy, { query: {} }, { state: 'passport-state' });
    const authorizeUrl = new URL(start.redirect!);
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(CALLBACK);
    const { location } = await user.authorize(Object.fromEntries(authorizeUrl.searchParams));
    const callback = new URL(location);
    expect(callback.searchParams.get('state')).toBe('passport-state');
    const done = await runStrategy(
      strategy,
      { query: Object.fromEntries(callback.searchParams) },
      {},
    );
    expect(done.user!.accessToken).toBeTruthy();
    expect(done.user!.refreshToken).toMatch(/^iprt_/);
    expect(done.user!.params).toMatchObject({
      token_type: 'Bearer',
      expires_in: 7200,
      scope: 'full',
    });

    const created = await bearerEmail(t, done.user!.accessToken).expect(200);
    const email = await t
      .get(DataSource)
      .getRepository(Email)
      .findOneByOrFail({ id: created.body.email_guid });
    expect(email.accountId).toBe(userAccount);
    expect(email.userId).toBeTruthy();
    expect(email.applicationId).toBe(app.id);
  });

  it('openid-client completes the flow with PKCE, refreshes (rotating) and revokes', async () => {
    const issuer = new Issuer({
      issuer: t.config.publicUrl,
      authorization_endpoint: `${t.url}/oauth/authorize`,
      token_endpoint: `${t.url}/oauth/token`,
      revocation_endpoint: `${t.url}/oauth/revoke`,
    });
    const client = new issuer.Client({
      client_id: app.client_id,
      client_secret: app.client_secret!,
      redirect_uris: [CALLBACK],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    });
    const verifier = generators.codeVerifier();
    const state = generators.state();
    const url = new URL(
      client.authorizationUrl({
        scope: 'full',
        state,
        code_challenge: generators.codeChallenge(verifier),
        code_challenge_method: 'S256',
      }),
    );
    const { location } = await user.authorize(Object.fromEntries(url.searchParams));
    const tokens = await client.oauthCallback(CALLBACK, client.callbackParams(location), {
      state,
      code_verifier: verifier,
    });
    expect(tokens).toMatchObject({ token_type: 'Bearer', scope: 'full' });
    await bearerEmail(t, tokens.access_token!).expect(200);

    const refreshed = await client.refresh(tokens.refresh_token!);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    await bearerEmail(t, refreshed.access_token!).expect(200);

    await client.revoke(refreshed.access_token!);
    const revoked = await bearerEmail(t, refreshed.access_token!).expect(401);
    expect(revoked.headers['www-authenticate']).toMatch(
      /^Bearer realm="Instant Preview API", error="invalid_token"/,
    );
    expect(revoked.body).toMatchObject({ status: 401, title: 'Unauthorized' });
  });

  it('exchanges a code with a JSON body, client authenticated by HTTP Basic', async () => {
    const code = await authorizationCode(user, app);
    const response = await tokenRequest(t, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: CALLBACK,
    })
      .auth(app.client_id, app.client_secret!)
      .expect(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(Object.keys(response.body).sort()).toEqual([
      'access_token',
      'expires_in',
      'refresh_token',
      'scope',
      'token_type',
    ]);
    expect(response.body).toMatchObject({ token_type: 'Bearer', expires_in: 7200, scope: 'full' });
  });

  it('stores codes and tokens only as hashes', async () => {
    const code = await authorizationCode(user, app);
    const response = await tokenRequest(t, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: CALLBACK,
      client_id: app.client_id,
      client_secret: app.client_secret!,
    }).expect(200);
    const dump = JSON.stringify([
      await t.get(DataSource).getRepository(OAuthCode).find(),
      await t.get(DataSource).getRepository(OAuthTokenRow).find(),
    ]);
    expect(dump).not.toContain(code);
    expect(dump).not.toContain(response.body.refresh_token);
    expect(dump).not.toContain(response.body.access_token);
    const stored = await t
      .get(DataSource)
      .getRepository(User)
      .findOneByOrFail({ email: 'ada@example.com' });
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
  });
});
