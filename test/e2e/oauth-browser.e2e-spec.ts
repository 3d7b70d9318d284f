import { Browser, chromium } from 'playwright-core';
import { resolveChromiumPath } from '../../src/rendering/engine/chromium/chromium-path';
import { createApplication, IssuedApp } from '../support/run-cli';
import { createUser, PASSWORD } from '../support/oauth-agent';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

const CALLBACK = 'https://integrator.example/callback';

describe(`OAuth authorization in a real browser (${TEST_DATABASE})`, () => {
  let t: TestApp;
  let app: IssuedApp;
  let browser: Browser;
  /** Console messages of Content Security Policy violations, from every page. */
  const violations: string[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    app = await createApplication(t, { name: 'Acme Previews', callback: [CALLBACK] });
    await createUser(t, 'grace@example.com');
    await createUser(t, 'linus@example.com');
    browser = await chromium.launch({
      executablePath: resolveChromiumPath(process.env.CHROMIUM_PATH || undefined),
      args: ['--no-sandbox', '--disable-gpu'],
    });
  });
  afterAll(async () => {
    await browser.close();
    await t.close();
  });

  /** Opens /oauth/authorize in a page, signs in and decides as asked; returns the callback URL. */
  async function runFlow(
    context: Awaited<ReturnType<Browser['newContext']>>,
    email: string | null,
    state: string,
    decision: 'Allow' | 'Deny' | null,
  ): Promise<{ callback: URL; sawConsent: boolean; sawLogin: boolean }> {
    const page = await context.newPage();
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    // The callback host does not exist here: the browser's request to it is what we read
    // (route handlers do not see redirect targets).
    const callbackRequest = page.waitForRequest((request) => request.url().startsWith(CALLBACK));
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: app.client_id,
      redirect_uri: CALLBACK,
      state,
    });
    // Straight to the (unresolvable) callback when consent was given before: goto then fails.
    await page.goto(`${t.url}/oauth/authorize?${query}`).catch(() => undefined);
    const sawLogin = await page
      .getByLabel('Email')
      .isVisible()
      .catch(() => false);
    if (sawLogin && email) {
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForLoadState();
    }
    const sawConsent = await page
      .getByRole('button', { name: 'Allow' })
      .isVisible()
      .catch(() => false);
    if (sawConsent && decision) {
      expect((await page.getByRole('heading').textContent())?.trim()).toBe(
        'Authorize Acme Previews',
      );
      // The page's own styles apply under its CSP (Allow is the blue button).
      expect(
        await page
          .getByRole('button', { name: 'Allow' })
          .evaluate((button) => getComputedStyle(button).backgroundColor),
      ).toBe('rgb(10, 102, 194)');
      await page.getByRole('button', { name: decision }).click();
    }
    const callback = new URL((await callbackRequest).url());
    await page.close();
    return { callback, sawConsent, sawLogin };
  }

  it('signs in, asks consent once, and sends code and state to the callback', async () => {
    const context = await browser.newContext();
    const state = 'st-Δ/&=?42';
    const first = await runFlow(context, 'grace@example.com', state, 'Allow');
    expect(first.sawLogin).toBe(true);
    expect(first.sawConsent).toBe(true);
    expect(first.callback.searchParams.get('code')).toMatch(/^ipac_/);
    expect(first.callback.searchParams.get('state')).toBe(state);

    const second = await runFlow(context, null, 'second', null);
    expect(second.sawLogin).toBe(false);
    expect(second.sawConsent).toBe(false);
    expect(second.callback.searchParams.get('code')).toMatch(/^ipac_/);
    expect(second.callback.searchParams.get('state')).toBe('second');
    await context.close();
  });

  it('answers error=access_denied with the state when the user denies', async () => {
    const context = await browser.newContext();
    const denied = await runFlow(context, 'linus@example.com', 'deny-state', 'Deny');
    expect(denied.callback.searchParams.get('error')).toBe('access_denied');
    expect(denied.callback.searchParams.get('state')).toBe('deny-state');
    expect(denied.callback.searchParams.get('code')).toBeNull();
    await context.close();
  });

  it('shows its pages without a single Content Security Policy violation', () => {
    expect(violations).toEqual([]);
  });
});
