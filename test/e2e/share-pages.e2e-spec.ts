import { Browser, chromium } from 'playwright-core';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { UsageRecord } from '../../src/domain/billing/usage-record.entity';
import { Capture } from '../../src/domain/captures/state/capture.entity';
import { Share } from '../../src/domain/shares/share.entity';
import { resolveChromiumPath } from '../../src/rendering/engine/chromium/chromium-path';
import { freePort } from '../support/api-process';
import { SIMPLE_EMAIL } from '../support/previews';
import { basicAuth, createApplication } from '../support/run-cli';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

const HOUR = 3_600_000;
const HOSTILE_SUBJECT = '<img src=x onerror="document.title=1">Launch & "sale"';

/** Share pages (docs/api.md#share-pages), opened in real Chromium without credentials. */
describe(`Share pages (${TEST_DATABASE})`, () => {
  let t: TestApp;
  let browser: Browser;
  let owner: string;
  let stranger: string;
  const rows = <T extends object>(entity: new () => T) => t.get(DataSource).getRepository(entity);

  const upload = async (): Promise<string> =>
    (
      await request(t.url)
        .post('/v1/emails')
        .set('Authorization', owner)
        .send({ html_text: SIMPLE_EMAIL, subject: HOSTILE_SUBJECT, from_display_name: 'Shop <b>' })
        .expect(200)
    ).body.email_guid as string;

  const share = (guid: string, as = owner, body: object = {}) =>
    request(t.url).post(`/v1/emails/${guid}/shares`).set('Authorization', as).send(body);

  /** The page's path on this server: the URL names PUBLIC_URL. */
  const pathOf = (url: string) => new URL(url).pathname;

  beforeAll(async () => {
    const port = await freePort();
    t = await createTestApp({
      port,
      env: {
        PORT: String(port),
        PUBLIC_URL: `http://localhost:${port}`,
        CDN_DOMAIN: `localhost:${port}`,
      },
    });
    owner = basicAuth((await createApplication(t)).api_key);
    stranger = basicAuth((await createApplication(t, { name: 'Other' })).api_key);
    browser = await chromium.launch({
      executablePath: resolveChromiumPath(process.env.CHROMIUM_PATH || undefined),
      args: ['--no-sandbox', '--disable-gpu'],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('shows the captured grid without an API key, within a strict CSP, capturing and billing nothing', async () => {
    const guid = await upload();
    await request(t.url).get(`/v1/emails/${guid}/previews/OL2019`).expect(200);
    await request(t.url).get(`/v1/emails/${guid}/inbox/GMAILNEW?appearance=light`).expect(200);
    await share(guid, stranger).expect(404);
    const created = await share(guid).expect(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      url: expect.stringMatching(/^http:\/\/localhost:\d+\/s\/ipsh_[A-Za-z0-9_-]{43}$/),
      expires_at: expect.any(String),
    });
    // Until the email's own expiry: 48 hours.
    const email = t.clock.now().getTime() + 48 * HOUR;
    expect(new Date(created.body.expires_at).getTime()).toBe(email);
    // Only the hash is stored.
    const token = pathOf(created.body.url).slice('/s/'.length);
    const stored = await rows(Share).findOneByOrFail({ id: created.body.id });
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);

    const usage = await rows(UsageRecord).count();
    const captureRows = async () =>
      (await rows(Capture).find({ order: { id: 'ASC' } })).map(({ id, status, capturedAt }) => ({
        id,
        status,
        capturedAt,
      }));
    const captures = await captureRows();
    expect(usage).toBe(1);

    const page = await browser.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const answer = await page.goto(created.body.url);
    expect(answer?.status()).toBe(200);
    const headers = answer!.headers();
    expect(headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(headers['content-security-policy']).not.toMatch(/script-src/);
    expect(headers['content-security-policy']).toMatch(/style-src 'sha256-/);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toMatch(/noindex/);
    const thumb = page.locator('.grid img').first();
    await thumb.waitFor();
    await page.waitForFunction(
      () => Array.from(document.images).every((image) => image.complete),
      undefined,
      { timeout: 20_000 },
    );
    expect(await page.locator('.grid img').count()).toBe(1);
    expect(await thumb.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(
      0,
    );
    expect(await page.locator('.grid a').first().getAttribute('href')).toMatch(
      /^http:\/\/ol2019\.capture\.localhost:\d+\/.+\.png$/,
    );
    // The email's texts are shown as text, never as markup.
    expect(await page.locator('h1').textContent()).toBe(HOSTILE_SUBJECT);
    expect(await page.title()).toContain('Launch');
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await page.locator('header p').textContent()).toContain('From Shop <b>');
    // The checks ran (no capture), the deliverability answer is linked.
    expect(await page.locator('table').count()).toBeGreaterThan(0);
    expect(await page.locator(`a[href$="/emails/${guid}/deliverability"]`).count()).toBe(1);
    expect(violations).toEqual([]);
    await page.close();

    // Viewing captured nothing and billed nothing.
    expect(await rows(UsageRecord).count()).toBe(usage);
    expect(await captureRows()).toEqual(captures);
  });

  it('answers 404 alike for an unknown, a revoked and a malformed token; only the owner revokes', async () => {
    const guid = await upload();
    const created = await share(guid).expect(201);
    const path = pathOf(created.body.url);
    await request(t.url).get(path).expect(200);
    const unknown = await request(t.url)
      .get(`/s/ipsh_${'A'.repeat(43)}`)
      .expect(404);
    const malformed = await request(t.url).get('/s/nothing').expect(404);
    expect(malformed.body).toEqual(unknown.body);
    expect(unknown.body).toEqual({ status: 404, title: 'Not Found' });
    expect(unknown.headers['x-robots-tag']).toBe('noindex, nofollow');

    await request(t.url)
      .delete(`/v1/emails/${guid}/shares/${created.body.id}`)
      .set('Authorization', stranger)
      .expect(404);
    await request(t.url).get(path).expect(200);
    await request(t.url)
      .delete(`/v1/emails/${guid}/shares/${created.body.id}`)
      .set('Authorization', owner)
      .expect(204);
    const revoked = await request(t.url).get(path).expect(404);
    expect(revoked.body).toEqual(unknown.body);
    await request(t.url)
      .delete(`/v1/emails/${guid}/shares/${created.body.id}`)
      .set('Authorization', owner)
      .expect(204);
    await request(t.url)
      .delete(`/v1/emails/${guid}/shares/00000000-0000-4000-8000-000000000000`)
      .set('Authorization', owner)
      .expect(404);
    await request(t.url).delete(`/v1/emails/${guid}/shares/${created.body.id}`).expect(401);
    await request(t.url).post(`/v1/emails/${guid}/shares`).send({}).expect(401);
  });

  it('validates expires_in_hours and caps it by the email', async () => {
    const guid = await upload();
    const bad = await share(guid, owner, { expires_in_hours: 'soon' }).expect(400);
    expect(bad.body.description).toContain('expires_in_hours');
    await share(guid, owner, { expires_in_hours: 0 }).expect(400);
    const long = await share(guid, owner, { expires_in_hours: 500 }).expect(201);
    const emailEnds = t.clock.now().getTime() + 48 * HOUR;
    expect(new Date(long.body.expires_at).getTime()).toBe(emailEnds);
    await share('not-a-guid').expect(400);
    await share('00000000-0000-4000-8000-000000000000').expect(404);
  });

  it('ends at its own expiry, then with its email, and goes with an erased email', async () => {
    const guid = await upload();
    const short = await share(guid, owner, { expires_in_hours: 1 }).expect(201);
    const whole = await share(guid).expect(201);
    t.clock.advance(HOUR + 1000);
    await request(t.url).get(pathOf(short.body.url)).expect(404);
    await request(t.url).get(pathOf(whole.body.url)).expect(200);
    t.clock.advance(48 * HOUR);
    await request(t.url).get(pathOf(whole.body.url)).expect(404);
    // An expired email is shared no more.
    await share(guid).expect(404);

    const erased = await upload();
    const created = await share(erased).expect(201);
    await request(t.url).get(pathOf(created.body.url)).expect(200);
    await request(t.url).delete(`/v1/emails/${erased}`).set('Authorization', owner).expect(200);
    await request(t.url).get(pathOf(created.body.url)).expect(404);
    expect(await rows(Share).countBy({ emailId: erased })).toBe(0);
  });
});
