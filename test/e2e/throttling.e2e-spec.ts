import request from 'supertest';
import { createUser, FormUser, PASSWORD } from '../support/oauth-agent';
import { CALLBACK } from '../support/oauth-flow';
import { basicAuth, createApplication, IssuedApp } from '../support/run-cli';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

const SECOND = 1000;

/** Addresses come from X-Forwarded-For, which the default TRUST_PROXY (loopback) honours. */
const from = (address: string) => ({ 'X-Forwarded-For': address });

describe(`Throttling (${TEST_DATABASE})`, () => {
  let t: TestApp;
  let app: IssuedApp;
  beforeAll(async () => {
    t = await createTestApp();
    app = await createApplication(t, { callback: [CALLBACK] });
  });
  afterAll(() => t.close());

  const authorizeUrl = () =>
    `/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: app.client_id, redirect_uri: CALLBACK, state: 's' })}`;

  /** One try at the sign-in form, as a browser at `browser`'s address would send it. */
  async function signIn(browser: FormUser, email: string, password: string) {
    const form = await browser.get(authorizeUrl());
    const csrf = /name="csrf" value="([^"]+)"/.exec(form.text)?.[1];
    if (!csrf) throw new Error(`no sign-in form: ${form.status} ${form.text.slice(0, 200)}`);
    return browser.post('/oauth/login', { email, password, csrf, return_to: authorizeUrl() });
  }

  async function expectLocked(response: request.Response, seconds: number): Promise<void> {
    expect(response.status).toBe(429);
    expect(response.headers['retry-after']).toBe(String(seconds));
    expect(response.headers['ratelimit']).toBe(`"login";r=0;t=${seconds}`);
    expect(response.text).toContain('Too many sign-in attempts');
  }

  it('locks sign-in after 5 wrong passwords, doubles each lockout up to 15 minutes, and lets the right password in afterwards', async () => {
    await createUser(t, 'alice@example.com');
    const browser = new FormUser(t, 'alice@example.com', PASSWORD, from('203.0.113.10'));
    // The IETF RateLimit fields count the free attempts down; the fifth wrong one locks.
    const left: string[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = await signIn(browser, 'alice@example.com', 'wrong password');
      expect(wrong.status).toBe(401);
      expect(wrong.headers['ratelimit-policy']).toBe('"login";q=5;w=3600');
      left.push(wrong.headers['ratelimit']);
    }
    expect(left).toEqual([
      '"login";r=4;t=3600',
      '"login";r=3;t=3600',
      '"login";r=2;t=3600',
      '"login";r=1;t=3600',
      '"login";r=0;t=60',
    ]);
    // Locked: even the right password is not checked.
    await expectLocked(await signIn(browser, 'alice@example.com', PASSWORD), 60);
    let lock = 60;
    for (const next of [120, 240, 480, 900, 900]) {
      t.clock.advance(lock * SECOND);
      expect((await signIn(browser, 'alice@example.com', 'still wrong')).status).toBe(401);
      await expectLocked(await signIn(browser, 'alice@example.com', PASSWORD), next);
      lock = next;
    }
    t.clock.advance(lock * SECOND);
    const right = await signIn(browser, 'alice@example.com', PASSWORD);
    expect(right.status).toBe(303);
    // A right password clears the counters: four wrong ones later are plain 401s again.
    await browser.post('/oauth/logout', {});
    for (let attempt = 0; attempt < 4; attempt++)
      expect((await signIn(browser, 'alice@example.com', 'wrong again')).status).toBe(401);
    expect((await signIn(browser, 'alice@example.com', PASSWORD)).status).toBe(303);
  });

  it("cannot be used to lock the owner out: the owner's own browser gets past the account's lockout", async () => {
    await createUser(t, 'bob@example.com');
    const owner = new FormUser(t, 'bob@example.com', PASSWORD, from('198.51.100.7'));
    expect((await signIn(owner, 'bob@example.com', PASSWORD)).status).toBe(303);
    expect(owner.cookie('ip_device')).toBeTruthy();
    await owner.post('/oauth/logout', {});

    const attacker = new FormUser(t, 'bob@example.com', PASSWORD, from('203.0.113.66'));
    for (let attempt = 0; attempt < 5; attempt++)
      expect((await signIn(attacker, 'bob@example.com', `guess ${attempt}`)).status).toBe(401);
    await expectLocked(await signIn(attacker, 'bob@example.com', 'guess 6'), 60);
    // Any browser without the device cookie is behind the account's lockout...
    const newLaptop = new FormUser(t, 'bob@example.com', PASSWORD, from('198.51.100.8'));
    await expectLocked(await signIn(newLaptop, 'bob@example.com', PASSWORD), 60);
    // ...the owner's own browser is not.
    expect((await signIn(owner, 'bob@example.com', PASSWORD)).status).toBe(303);
    // And the attacker's lockout is still in place.
    await expectLocked(await signIn(attacker, 'bob@example.com', 'guess 7'), 60);
    t.clock.advance(60 * SECOND);
  });

  it('locks an address that tries one password on many accounts', async () => {
    const sprayer = new FormUser(t, 'x@example.com', PASSWORD, from('203.0.113.99'));
    for (let account = 0; account < 5; account++)
      expect((await signIn(sprayer, `victim${account}@example.com`, 'Summer2026!')).status).toBe(
        401,
      );
    await expectLocked(await signIn(sprayer, 'victim5@example.com', 'Summer2026!'), 60);
    t.clock.advance(60 * SECOND);
  });

  it('throttles API-key and bearer guessing per address: 429 in the contract body with Retry-After', async () => {
    const guess = (address: string, authorization: string) =>
      request(t.url)
        .post('/v1/emails')
        .set(from(address))
        .set('Authorization', authorization)
        .send({ html_text: '<p>x</p>' });
    // The IETF RateLimit fields say how many failures are left to this address, and when
    // the window (or, once blocked, the block) ends: the 429 says the same numbers.
    const left: string[] = [];
    for (let attempt = 0; attempt < 20; attempt++) {
      const failed = await guess('192.0.2.1', basicAuth(`ipk_guess${attempt}`));
      expect(failed.status).toBe(401);
      expect(failed.headers['ratelimit-policy']).toBe('"auth-failures";q=20;w=600');
      left.push(failed.headers['ratelimit']);
    }
    expect(left.slice(0, 2)).toEqual(['"auth-failures";r=19;t=600', '"auth-failures";r=18;t=600']);
    expect(left.slice(-2)).toEqual(['"auth-failures";r=1;t=600', '"auth-failures";r=0;t=600']);
    const refused = await guess('192.0.2.1', basicAuth('ipk_guess20'));
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('600');
    expect(refused.headers['ratelimit']).toBe('"auth-failures";r=0;t=600');
    expect(refused.body).toEqual({
      status: 429,
      title: 'Too Many Requests',
      description: 'Too many failed authentication attempts from this address; try again in 600 s',
    });
    // Refused before any lookup, so a right key from that address waits too...
    expect((await guess('192.0.2.1', basicAuth(app.api_key))).status).toBe(429);
    // ...while other addresses are served.
    expect((await guess('192.0.2.2', basicAuth(app.api_key))).status).toBe(200);
    for (let attempt = 0; attempt < 20; attempt++)
      expect((await guess('192.0.2.3', `Bearer ipat_guess${attempt}`)).status).toBe(401);
    expect((await guess('192.0.2.3', 'Bearer ipat_guess20')).status).toBe(429);
    // Staff keys on billing count too.
    for (let attempt = 0; attempt < 20; attempt++) {
      const response = await request(t.url)
        .get('/v1/billing/usage')
        .set(from('192.0.2.4'))
        .set('Authorization', basicAuth(`ipsk_guess${attempt}`));
      expect(response.status).toBe(401);
    }
    const billing = await request(t.url)
      .get('/v1/billing/usage')
      .set(from('192.0.2.4'))
      .set('Authorization', basicAuth('ipsk_guess20'));
    expect(billing.status).toBe(429);
    t.clock.advance(600 * SECOND);
    expect((await guess('192.0.2.1', basicAuth(app.api_key))).status).toBe(200);
  });
});

describe(`Throttling, configured (${TEST_DATABASE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { EMAILS_PER_MINUTE: '3', PASSWORD_CHECKS_AT_ONCE: '1', PASSWORD_CHECK_QUEUE: '2' },
    });
  });
  afterAll(() => t.close());

  it('limits POST /v1/emails per account (EMAILS_PER_MINUTE), not per key or address', async () => {
    const one = await createApplication(t);
    const other = await createApplication(t);
    const post = (key: string, address: string) =>
      request(t.url)
        .post('/v1/emails')
        .set(from(address))
        .set('Authorization', basicAuth(key))
        .send({ html_text: '<p>x</p>' });
    // The IETF RateLimit fields count down with each upload (the clock stands still here).
    const remaining: string[] = [];
    for (const address of ['192.0.2.10', '192.0.2.11', '192.0.2.12']) {
      const created = await post(one.api_key, address);
      expect(created.status).toBe(200);
      // Beside the address's auth-failure throttle, which every authenticated route meets.
      expect(created.headers['ratelimit-policy']).toBe(
        '"auth-failures";q=20;w=600, "emails";q=3;w=60',
      );
      remaining.push(created.headers['ratelimit'].replace('"auth-failures";r=20;t=0, ', ''));
    }
    expect(remaining).toEqual(['"emails";r=2;t=60', '"emails";r=1;t=60', '"emails";r=0;t=60']);
    const refused = await post(one.api_key, '192.0.2.13');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.headers['ratelimit']).toBe('"auth-failures";r=20;t=0, "emails";r=0;t=60');
    expect(refused.headers['x-ratelimit-limit-emails']).toBeUndefined();
    expect(refused.body).toEqual({
      status: 429,
      title: 'Too Many Requests',
      description:
        'This account may create 3 emails per minute (0 remaining for 60 s); try again in 60 s',
    });
    t.clock.advance(20 * SECOND);
    expect((await post(one.api_key, '192.0.2.13')).headers['ratelimit']).toContain(
      '"emails";r=0;t=40',
    );
    t.clock.advance(-20 * SECOND);
    expect((await post(other.api_key, '192.0.2.13')).status).toBe(200);
    t.clock.advance(60 * SECOND);
    expect((await post(one.api_key, '192.0.2.13')).status).toBe(200);
  });

  it('bounds password checks: past the queue, a sign-in is answered 429 at once', async () => {
    const app = await createApplication(t, { callback: [CALLBACK] });
    const url = `/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: app.client_id, state: 's' })}`;
    const attempts = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const browser = new FormUser(t, 'x@example.com', PASSWORD, from(`198.18.0.${i + 1}`));
        const csrf = /name="csrf" value="([^"]+)"/.exec((await browser.get(url)).text)![1];
        return browser.post('/oauth/login', {
          email: `flood${i}@example.com`,
          password: 'wrong password',
          csrf,
          return_to: url,
        });
      }),
    );
    const statuses = attempts.map((response) => response.status);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status === 401).length).toBeGreaterThanOrEqual(3);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
  });
});

describe(`Throttling switched off (${TEST_DATABASE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { EMAILS_PER_MINUTE: '0', AUTH_FAILURES_PER_ADDRESS: '0' } });
  });
  afterAll(() => t.close());

  it('lets every request through when the limits are 0', async () => {
    const app = await createApplication(t);
    for (let i = 0; i < 25; i++) {
      await request(t.url)
        .post('/v1/emails')
        .set('Authorization', basicAuth('ipk_wrong'))
        .send({ html_text: '<p>x</p>' })
        .expect(401);
    }
    for (let i = 0; i < 130; i++) {
      await request(t.url)
        .post('/v1/emails')
        .set('Authorization', basicAuth(app.api_key))
        .send({ html_text: '<p>x</p>' })
        .expect(200);
    }
  });
});
