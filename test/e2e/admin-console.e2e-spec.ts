import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Browser, chromium, Page } from 'playwright-core';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { UsageRecord } from '../../src/domain/billing/usage-record.entity';
import { resolveChromiumPath } from '../../src/rendering/engine/chromium/chromium-path';
import {
  basicAuth,
  createApplication,
  createBillingKey,
  IssuedApp,
  createStaffKey,
} from '../support/run-cli';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

const HOSTILE = `<img src=x onerror="document.title='pwned'">Acme & <b>Co</b>`;
const CALLBACK = 'https://acme.example/callback';

/** A month of usage (November 2026): a few captures a day, three clients, five end users. */
function novemberUsage(app: IssuedApp & { id: string }): UsageRecord[] {
  const clients = ['OL2019', 'GMAILNEW', 'IPHONE15'];
  const records: UsageRecord[] = [];
  for (let day = 1; day <= 30; day++)
    for (let i = 0; i < (day % 4) + 1; i++)
      records.push({
        id: randomUUID(),
        captureId: randomUUID(),
        accountId: app.id,
        applicationId: app.id,
        userId: null,
        endUserId: `user-${(day + i) % 5}`,
        emailId: randomUUID(),
        client: clients[(day + i) % 3],
        images: 'allowed',
        orientation: 'vertical',
        capturedAt: new Date(Date.UTC(2026, 10, day, 9, i)),
        billable: true,
      } as UsageRecord);
  return records;
}

/** SAVE_PNG=1 keeps a picture of each page looked at, in /tmp/console-png/. */
async function saved(page: Page, name: string): Promise<void> {
  if (process.env.SAVE_PNG)
    await page.screenshot({ path: `/tmp/console-png/${name}.png`, fullPage: true });
}

/** The admin and billing console at /admin, driven in real Chromium as a person would. */
describe(`admin console (${TEST_DATABASE})`, () => {
  let t: TestApp;
  let browser: Browser;
  let adminKey: string;
  let billingKey: string;
  let existing: IssuedApp & { id: string };

  beforeAll(async () => {
    t = await createTestApp();
    adminKey = (await createStaffKey(t, 'admin')).key;
    billingKey = await createBillingKey(t);
    existing = (await createApplication(t, { name: HOSTILE })) as IssuedApp & { id: string };
    await t.get(DataSource).getRepository(UsageRecord).insert(novemberUsage(existing));
    browser = await chromium.launch({
      executablePath: resolveChromiumPath(process.env.CHROMIUM_PATH || undefined),
      args: ['--no-sandbox', '--disable-gpu'],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function signedIn(key: string): Promise<Page> {
    const page = await browser.newPage({ acceptDownloads: true });
    const refused: string[] = [];
    // a billing key's 403 from the admin API is how the page learns its role: not an error
    page.on(
      'console',
      (m) => /Content Security Policy|Refused/.test(m.text()) && refused.push(m.text()),
    );
    page.on('pageerror', (error) => refused.push(error.message));
    await page.goto(`${t.url}/admin`);
    await page.getByLabel('Staff key', { exact: true }).fill(key);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('#who').filter({ hasText: 'Signed in' }).waitFor();
    expect(refused).toEqual([]); // no CSP violation, no script error
    return page;
  }

  it('serves the pages under a strict CSP, Chart.js from the service itself', async () => {
    const page = await request(t.url).get('/admin').expect(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.text).not.toMatch(/<script>(?!<)|https?:\/\/(?!acme)/);
    const charts = await request(t.url).get('/admin/chart.umd.min.js').expect(200);
    expect(charts.text).toContain('Chart');
  });

  it('an admin registers an application and reads its secrets once, adds a callback and rotates its key; a hostile name stays text', async () => {
    const page = await signedIn(adminKey);
    // the hostile name is shown as text, never run or parsed
    await page.locator('#app-table tbody tr').first().waitFor();
    expect(await page.locator('#app-table tbody').textContent()).toContain(HOSTILE);
    expect(await page.title()).toBe('Instant Preview console');
    expect(await page.locator('#app-table tbody img').count()).toBe(0);

    const applications = page.locator('#applications');
    await applications.getByLabel('Name', { exact: true }).fill('Console app');
    await applications.getByLabel('Callback URL (https)', { exact: true }).fill(CALLBACK);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.locator('#secrets').waitFor();
    await saved(page, 'secrets');
    const secrets = await page.locator('#secrets-list dd').allTextContents();
    expect(secrets).toHaveLength(3);
    const [clientId, clientSecret, apiKey] = secrets;
    expect(clientId).toMatch(/^ipc_/);
    expect(clientSecret).toMatch(/^ips_/);
    // the key works, and is never shown again
    await request(t.url)
      .post('/v1/emails')
      .set('Authorization', basicAuth(apiKey))
      .send({ html_text: '<p>x</p>' })
      .expect(200);
    await page.getByRole('button', { name: 'I have stored them' }).click();
    expect(await page.locator('body').textContent()).not.toContain(apiKey);

    await page.getByRole('button', { name: 'Manage Console app' }).click();
    await page.getByLabel('Add a callback URL (https)').fill('https://acme.example/second');
    await page.getByRole('button', { name: 'Add callback' }).click();
    await page
      .locator('#app-table tbody')
      .filter({ hasText: 'https://acme.example/second' })
      .waitFor();
    const app = await request(t.url)
      .get(`/v1/admin/applications/${clientId}`)
      .set('Authorization', basicAuth(adminKey))
      .expect(200);
    expect(app.body.callback_uris).toEqual([CALLBACK, 'https://acme.example/second']);

    await page.getByRole('button', { name: 'Rotate API key' }).click();
    await page.locator('#secrets').waitFor();
    const [newKey] = await page.locator('#secrets-list dd').allTextContents();
    expect(newKey).not.toBe(apiKey);
    await request(t.url)
      .post('/v1/emails')
      .set('Authorization', basicAuth(apiKey))
      .send({ html_text: '<p>x</p>' })
      .expect(401);
    await request(t.url)
      .post('/v1/emails')
      .set('Authorization', basicAuth(newKey))
      .send({ html_text: '<p>x</p>' })
      .expect(200);

    // the audit log page lists what was done, by keyboard too
    await page.getByRole('button', { name: 'Audit log' }).focus();
    await page.keyboard.press('Enter');
    await page.locator('#audit-table tbody tr').first().waitFor();
    const audit = await page.locator('#audit-table tbody').textContent();
    for (const action of ['application.create', 'application.update', 'application.rotate-api-key'])
      expect(audit).toContain(action);
    await saved(page, 'audit');
    await page.close();
  });

  it('billing staff see the usage charts of a month, switch the grouping, and download the CSV the API gives', async () => {
    const page = await signedIn(billingKey);
    // billing keys see usage only
    for (const name of ['Applications', 'Users', 'Staff keys', 'Audit log'])
      expect(await page.getByRole('button', { name }).isVisible()).toBe(false);
    await page.getByLabel('Month').fill('2026-11');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.locator('#usage-table tbody tr').nth(29).waitFor();
    const seeded = novemberUsage(existing).length;
    expect(await page.locator('#usage-total-captures').textContent()).toBe(String(seeded));
    expect(await page.locator('#usage-table tbody tr').count()).toBe(30); // one row per day
    await saved(page, 'usage-day');
    // the chart is drawn
    const box = await page.locator('#usage-chart').boundingBox();
    expect(box!.width).toBeGreaterThan(200);

    const api = (query: string) =>
      request(t.url)
        .get(`/v1/billing/usage?${query}`)
        .set('Authorization', basicAuth(billingKey))
        .expect(200);
    for (const [group, rows] of [
      ['client', 3],
      ['end_user', 5],
      ['application', 1],
    ] as const) {
      await page.getByLabel('Chart', { exact: true }).selectOption(group);
      await page
        .locator('#usage-key')
        .filter({
          hasText: { client: 'Client', end_user: 'End user', application: 'Application' }[group],
        })
        .waitFor();
      await page.waitForFunction(
        (n) => document.querySelectorAll('#usage-table tbody tr').length === n,
        rows,
      );
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download CSV' }).click(),
      ]);
      const csv = readFileSync((await download.path())!, 'utf8');
      const top = group === 'end_user' ? '&top=20' : '';
      const expected = (
        await api(`from=2026-11-01&to=2026-11-30&group_by=${group}${top}&format=csv`)
      ).text;
      expect({ group, csv }).toEqual({ group, csv: expected });
      expect(download.suggestedFilename()).toBe(`usage-${group}-2026-11.csv`);
      // the table shows the same rows as the CSV
      const table = await page.locator('#usage-table tbody tr').evaluateAll((trs) =>
        trs.map((tr) =>
          Array.from(tr.querySelectorAll('td'))
            .map((td) => td.textContent)
            .join(','),
        ),
      );
      // (the CSV's text cells quoted: RFC 4180, as every text cell is)
      const unquoted = (line: string) => line.replace(/^"(.*)"(?=,)/, (_, key: string) => key);
      expect(table).toEqual(csv.trim().split('\n').slice(1).map(unquoted));
    }
    await page.close();
  });
});
