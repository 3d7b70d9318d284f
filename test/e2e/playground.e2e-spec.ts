import { Browser, chromium, Page } from 'playwright-core';
import sharp from 'sharp';
import { resolveChromiumPath } from '../../src/rendering/engine/chromium/chromium-path';
import { freePort } from '../support/api-process';
import { isRed, readPixels } from '../support/pixels';
import { createApplication, IssuedApp } from '../support/run-cli';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

/** The playground at `/`, driven in real Chromium as a person would use it. */
describe(`Playground (${TEST_DATABASE})`, () => {
  let t: TestApp;
  let app: IssuedApp;
  let browser: Browser;
  let origin: string;
  let email: string;
  beforeAll(async () => {
    const port = await freePort();
    origin = `http://localhost:${port}`;
    t = await createTestApp({
      port,
      env: { PORT: String(port), PUBLIC_URL: origin, CDN_DOMAIN: `localhost:${port}` },
    });
    app = await createApplication(t);
    browser = await chromium.launch({
      executablePath: resolveChromiumPath(process.env.CHROMIUM_PATH || undefined),
      args: ['--no-sandbox', '--disable-gpu'],
    });
    const red = await sharp({
      create: { width: 300, height: 150, channels: 3, background: '#ff0000' },
    })
      .png()
      .toBuffer();
    email = `<p style="border-radius:10px;background:#eee;padding:6px">Hello from the playground</p>
<img src="data:image/png;base64,${red.toString('base64')}" width="300" height="150" alt="red">`;
  });
  afterAll(async () => {
    await browser.close();
    await t.close();
  });

  /** Red pixels in one tile's picture, as the page shows it. */
  async function redIn(page: Page, client: string, selector?: string): Promise<number> {
    const png = await page.locator(selector ?? `.tile[data-client="${client}"] img`).screenshot();
    return (await readPixels(png)).count(isRed);
  }

  const tilesDone = (page: Page) =>
    page.waitForFunction(
      () => {
        const tiles = Array.from(document.querySelectorAll<HTMLElement>('.tile'));
        return tiles.length > 0 && tiles.every((tile) => tile.dataset.state === 'done');
      },
      undefined,
      { timeout: 60_000 },
    );

  it('previews pasted HTML in the picked clients, shows a report, and switches images off', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    const violations: string[] = [];
    const asked: string[] = [];
    page.on('request', (sent) => asked.push(`${sent.method()} ${new URL(sent.url()).pathname}`));
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto(`${origin}/`);
    await page.getByLabel('API key').fill(app.api_key);
    await page.getByLabel('Email HTML').fill(email);
    await page.getByLabel('Pick').check();
    await page.locator('#client-list input[value="APPMAIL14"]').check();
    await page.locator('#client-list input[value="OL2019"]').check();
    await page.getByRole('button', { name: 'Preview' }).click();

    await tilesDone(page).catch(async (error: Error) => {
      throw new Error(`${error.message}; status: ${await page.locator('#status').textContent()}`);
    });
    expect(await page.locator('.tile').count()).toBe(2);
    await expect(page.locator('#status').textContent()).resolves.toBe('2 of 2 previews');
    // One prefetch call, and the email's event stream filled the tiles.
    expect(asked.filter((line) => /^GET \/v1\/emails\/[^/]+\/events$/.test(line))).toHaveLength(1);
    expect(asked.filter((line) => /^POST .*\/previews\/prefetch$/.test(line))).toHaveLength(1);
    expect(await page.locator('.tile[data-client="OL2019"] img').getAttribute('src')).toMatch(
      /capture\..*-thumb450\.png$/,
    );
    expect(await redIn(page, 'APPMAIL14')).toBeGreaterThan(1000);
    if (process.env.PLAYGROUND_SCREENSHOT)
      await page.screenshot({ path: process.env.PLAYGROUND_SCREENSHOT });

    await page.locator('.tile[data-client="OL2019"]').click();
    await page.locator('#report tbody tr').first().waitFor();
    const report = await page.locator('#report tbody').textContent();
    expect(report).toContain('border-radius');
    expect(report).toContain('caniemail');
    expect(await page.locator('#full').getAttribute('src')).toContain('/previews/OL2019/full');
    // The client's fidelity record beside the report: its documented behaviours and statuses.
    await page.locator('#fidelity tbody tr').first().waitFor();
    expect(await page.locator('#fidelity-summary').textContent()).toMatch(
      /^Outlook 2019, whose engine is Word's HTML engine .*Drawn by chromium .*behaviours and caniemail entries proven by a render.*its renders of caniemail's tests agree with caniemail on \d+\.\d % of \d+ decided entries/,
    );
    const fidelity = await page.locator('#fidelity tbody').textContent();
    expect(fidelity).toContain('test/fidelity/outlook-');
    expect(fidelity).toContain('emulated');
    if (process.env.PLAYGROUND_SCREENSHOT)
      await page.screenshot({
        path: process.env.PLAYGROUND_SCREENSHOT.replace('.png', '-detail.png'),
        fullPage: true,
      });

    await page.getByLabel('Images blocked').check();
    await tilesDone(page);
    expect(await redIn(page, 'APPMAIL14')).toBe(0);
    expect(await page.locator('#detail-title').textContent()).toContain('images blocked');

    // The key stays in this tab's session only.
    await page.reload();
    expect(await page.getByLabel('API key').inputValue()).toBe(app.api_key);
    expect(violations).toEqual([]);
    await page.close();
  });

  it("shows an email's checks beside its grid, and compares two versions client by client", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    await page.goto(`${origin}/`);
    await page.getByLabel('API key').fill(app.api_key);
    await page.getByLabel('Pick').check();
    await page.locator('#client-list input[value="OL2019"]').check();
    const version = async (colour: string) => {
      await page
        .getByLabel('Email HTML')
        .fill(`<table><tr><td width="200" height="80" bgcolor="${colour}">Sale</td></tr></table>`);
      await page.getByRole('button', { name: 'Preview', exact: true }).click();
      await tilesDone(page);
    };
    await version('#00a000');
    await version('#0000ff');
    // No lang, a layout table without a role: found, with their WCAG sources.
    await page.locator('#checks-list [data-check="html-lang"]').waitFor();
    expect(await page.locator('#checks-list').textContent()).toContain('WCAG 2.2 SC 3.1.1');
    await page.getByRole('button', { name: 'Compare', exact: true }).click();
    const figure = page.locator('.diff[data-client="OL2019"]');
    await figure.locator('img').waitFor();
    expect(await figure.locator('figcaption').textContent()).toMatch(/[1-9][\d.]* % changed/);
    await expect(page.locator('#compare-summary').textContent()).resolves.toBe(
      '1 of 1 clients changed',
    );
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('.diff img');
      return image !== null && image.complete && image.naturalWidth > 0;
    });
    expect(await redIn(page, 'OL2019', '.diff[data-client="OL2019"] img')).toBeGreaterThan(200);
    if (process.env.PLAYGROUND_SCREENSHOT)
      await page.screenshot({
        path: process.env.PLAYGROUND_SCREENSHOT.replace('.png', '-panels.png'),
        fullPage: true,
      });
    await page.close();
  });

  it('shows the spam score, authentication and the inbox views beside the grid', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto(`${origin}/`);
    await page.getByLabel('API key').fill(app.api_key);
    await page.getByLabel('Pick').check();
    await page.locator('#client-list input[value="GMAILNEW"]').check();
    await page.getByLabel('Email HTML').fill(email);
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await tilesDone(page);
    await page.waitForFunction(
      () =>
        document.querySelector('#deliverability-summary')?.textContent?.startsWith('Spam score'),
      undefined,
      { timeout: 60_000 },
    );
    expect(await page.locator('#deliverability-summary').textContent()).toMatch(
      /^Spam score -?[\d.]+ of 5 \(not spam, SpamAssassin \(spamd\)\)\. DKIM none, SPF none, /,
    );
    expect(await page.locator('.inbox-view').count()).toBe(8);
    await page.waitForFunction(
      () => {
        const images = Array.from(document.querySelectorAll<HTMLImageElement>('.inbox-view img'));
        return (
          images.length === 16 && images.every((image) => image.complete && image.naturalWidth > 0)
        );
      },
      undefined,
      { timeout: 120_000 },
    );
    expect(violations).toEqual([]);
    if (process.env.PLAYGROUND_SCREENSHOT)
      await page.screenshot({
        path: process.env.PLAYGROUND_SCREENSHOT.replace('.png', '-inbox.png'),
        fullPage: true,
      });
    await page.close();
  });

  it('says what is wrong without an API key, or with a wrong one', async () => {
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    await page.getByRole('button', { name: 'Preview' }).click();
    expect(await page.locator('#status').textContent()).toBe('Enter an API key first.');
    await page.getByLabel('API key').fill('ipk_wrong');
    await page.getByLabel('Email HTML').fill('<p>x</p>');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.locator('#status.error').waitFor();
    expect(await page.locator('#status').textContent()).toMatch(/API key/);
    await page.close();
  });
});
