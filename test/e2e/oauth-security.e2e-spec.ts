import { createHash, randomBytes } from 'node:crypto';
import { consentForm, createUser, FormUser, PASSWORD } from '../support/oauth-agent';
import { authorizationCode, CALLBACK, tokenRequest } from '../support/oauth-flow';
import { createApplication, IssuedApp } from '../support/run-cli';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

const MINUTE = 60_000;

/** RFC 9700 points of the authorization server: PKCE downgrade, consent CSRF, sessions. */
describe(`OAuth best current practice (${TEST_DATABASE})`, () => {
  let t: TestApp;
  let first: IssuedApp;
  let second: IssuedApp;
  let users = 0;
  const emails = new Map<FormUser, string>();
  beforeAll(async () => {
    t = await createTestApp();
    first = await createApplication(t, { callback: [CALLBACK] });
    second = await createApplication(t, { callback: [CALLBACK] });
  });
  afterAll(() => t.close());

  /** A new user each time: consent is remembered per user and application. */
  async function newUser(): Promise<FormUser> {
    const email = `user${++users}@example.com`;
    await createUser(t, email);
    const user = new FormUser(t, email);
    emails.set(user, email);
    return user;
  }

  const authorizeUrl = (app: IssuedApp, state = 's') =>
    `/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: app.client_id, redirect_uri: CALLBACK, state })}`;

  /** Signs in and stops at the consent page of `app`. */
  async function consentPageFor(user: FormUser, app: IssuedApp, state = 's'): Promise<string> {
    let page = await user.get(authorizeUrl(app, state));
    if (page.text.includes('action="/oauth/login"')) {
      const csrf = /name="csrf" value="([^"]+)"/.exec(page.text)![1];
      await user.post('/oauth/login', {
        email: emails.get(user)!,
        password: PASSWORD,
        csrf,
        return_to: authorizeUrl(app, state),
      });
      page = await user.get(authorizeUrl(app, state));
    }
    expect(page.text).toContain('action="/oauth/authorize"');
    return page.text;
  }

  it('refuses a code_verifier for a code issued without code_challenge (PKCE downgrade)', async () => {
    const user = await newUser();
    const code = await authorizationCode(user, first);
    const downgraded = await tokenRequest(t, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: CALLBACK,
      client_id: first.client_id,
      client_secret: first.client_secret!,
      code_verifier: randomBytes(32).toString('base64url'),
    }).expect(400);
    expect(downgraded.body).toEqual({
      error: 'invalid_grant',
      error_description: expect.stringMatching(/without code_challenge/),
    });
    // With PKCE from the start, the same exchange works.
    const verifier = randomBytes(32).toString('base64url');
    const withPkce = await authorizationCode(user, first, {
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    });
    await tokenRequest(t, {
      grant_type: 'authorization_code',
      code: withPkce,
      redirect_uri: CALLBACK,
      client_id: first.client_id,
      client_secret: first.client_secret!,
      code_verifier: verifier,
    }).expect(200);
  });

  it('accepts a consent token once only', async () => {
    const user = await newUser();
    const form = consentForm(await consentPageFor(user, first));
    const allowed = await user.post('/oauth/authorize', { ...form, decision: 'allow' });
    expect(allowed.status).toBe(302);
    expect(new URL(allowed.headers.location).searchParams.get('code')).toBeTruthy();
    const replayed = await user.post('/oauth/authorize', { ...form, decision: 'allow' });
    expect(replayed.status).toBe(403);
    expect(replayed.headers.location).toBeUndefined();
  });

  it("refuses one application's consent token for another application or another request", async () => {
    const user = await newUser();
    const form = consentForm(await consentPageFor(user, first));
    const otherClient = await user.post('/oauth/authorize', {
      ...form,
      client_id: second.client_id,
      decision: 'allow',
    });
    expect(otherClient.status).toBe(403);
    const otherState = await user.post('/oauth/authorize', {
      ...form,
      state: 'attacker',
      decision: 'allow',
    });
    expect(otherState.status).toBe(403);
    // A refused token is not spent: the form as shown still works.
    const allowed = await user.post('/oauth/authorize', { ...form, decision: 'allow' });
    expect(allowed.status).toBe(302);
    // ...and it granted nothing to the second application: its consent page still shows.
    await consentPageFor(user, second);
  });

  it('ends the session at logout, also for a replayed cookie', async () => {
    const user = await newUser();
    await consentPageFor(user, first);
    const cookie = user.cookie('ip_session')!;
    expect(cookie).toBeTruthy();
    const out = await user.post('/oauth/logout', {});
    expect(out.status).toBe(200);
    expect(out.text).toContain('signed out');
    expect(user.cookie('ip_session')).toBeUndefined();
    const after = await user.get(authorizeUrl(first));
    expect(after.text).toContain('action="/oauth/login"');
    const replayed = await replaySession(cookie);
    expect(replayed).toContain('action="/oauth/login"');
  });

  it('returns to the same request after "Not you? Sign out"', async () => {
    const user = await newUser();
    const page = await consentPageFor(user, first, 'keep-me');
    const returnTo = /action="\/oauth\/logout"[\s\S]*?name="return_to" value="([^"]+)"/.exec(
      page,
    )![1];
    const out = await user.post('/oauth/logout', { return_to: returnTo.replace(/&amp;/g, '&') });
    expect(out.status).toBe(303);
    expect(out.headers.location).toBe(authorizeUrl(first, 'keep-me'));
    const other = await user.post('/oauth/logout', { return_to: 'https://evil.example/' });
    expect(other.status).toBe(200); // never an open redirect
  });

  it('ends an idle session after SESSION_IDLE_MINUTES, and any session after SESSION_TTL_HOURS', async () => {
    expect(t.config.oauth.sessionIdleMinutes).toBe(30);
    expect(t.config.oauth.sessionHours).toBe(8);
    const idle = await newUser();
    await consentPageFor(idle, first);
    const start = t.clock.now();
    try {
      t.clock.advance(29 * MINUTE);
      expect((await idle.get(authorizeUrl(first))).text).toContain('action="/oauth/authorize"');
      t.clock.advance(29 * MINUTE); // 58 minutes in, but used 29 minutes ago
      expect((await idle.get(authorizeUrl(first))).text).toContain('action="/oauth/authorize"');
      t.clock.advance(30 * MINUTE);
      expect((await idle.get(authorizeUrl(first))).text).toContain('action="/oauth/login"');

      const busy = await newUser();
      await consentPageFor(busy, first);
      const signedInAt = t.clock.now().getTime();
      while (t.clock.now().getTime() - signedInAt < 8 * 60 * MINUTE - 20 * MINUTE) {
        t.clock.advance(20 * MINUTE);
        expect((await busy.get(authorizeUrl(first))).text).toContain('action="/oauth/authorize"');
      }
      t.clock.set(new Date(signedInAt + 8 * 60 * MINUTE));
      expect((await busy.get(authorizeUrl(first))).text).toContain('action="/oauth/login"');
    } finally {
      t.clock.set(start);
    }
  });

  /** GET /oauth/authorize with nothing but a session cookie. */
  async function replaySession(cookie: string): Promise<string> {
    const response = await fetch(`${t.url}${authorizeUrl(first)}`, {
      headers: { Cookie: `ip_session=${cookie}` },
      redirect: 'manual',
    });
    return response.text();
  }
});

describe(`OAuth cookies under an https PUBLIC_URL (${TEST_DATABASE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://api.example.com' } });
  });
  afterAll(() => t.close());

  it('marks every cookie Secure when served through the TLS proxy', async () => {
    const app = await createApplication(t, { callback: [CALLBACK] });
    await createUser(t, 'tls@example.com');
    const user = new FormUser(t, 'tls@example.com', undefined, { 'X-Forwarded-Proto': 'https' });
    const code = await authorizationCode(user, app);
    expect(code).toMatch(/^ipac_/);
    const names = user.setCookies.map((line) => line.split('=')[0]);
    expect(names).toEqual(expect.arrayContaining(['ip_login_csrf', 'ip_session']));
    for (const line of user.setCookies) {
      expect(line).toMatch(/; Secure/);
      expect(line).toMatch(/; HttpOnly/);
      expect(line).toMatch(/; SameSite=Lax/);
    }
  });
});
