import request from 'supertest';
import reference from '../fixtures/reference/reference-client-catalog.json';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

describe(`GET /v1/clients (${TEST_DATABASE})`, () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  it('lists every reference client code plus the current ones, without authentication', async () => {
    const response = await request(t.url).get('/v1/clients').expect(200);
    const codes = response.body as string[];
    for (const code of Object.keys(reference.clients)) expect(codes).toContain(code);
    for (const code of [
      'IPHONE15',
      'IPHONE16DARK',
      'APPMAIL16',
      'ANDROID14GMAILAPP',
      'SAMSUNGMAIL',
      'OUTLOOKNEWWIN',
    ]) {
      expect(codes).toContain(code);
    }
  });

  it('describes each client with the contract fields and its emulation', async () => {
    const response = await request(t.url).get('/v1/clients/configurations').expect(200);
    const ol2019 = response.body.OL2019;
    expect(ol2019).toMatchObject({
      orientation_options: ['vertical'],
      images_options: ['allowed', 'blocked'],
      name: 'Outlook 2019',
      group: 'Desktop',
      platform: 'Windows 10',
      status: 'normal',
      engine: 'chromium',
      caniemail: { family: 'outlook', platform: 'windows', version: '2019' },
    });
    expect(ol2019.emulation).toMatch(/Word/);
    expect(ol2019.emulation).toContain(
      'Segoe UI is drawn with Noto Sans (a substitute: another design)',
    );
    expect(response.body.APPMAIL15.emulation).toContain('-apple-system is drawn with Inter');
    // Each client's default font, with its source, or said to be assumed where none exists.
    expect(ol2019.emulation).toContain(
      'Default body font: "Times New Roman", Times, serif at 12pt (',
    );
    expect(response.body.YAHOO.emulation).toMatch(
      /Default body font: Arial, Helvetica, sans-serif \(assumed: /,
    );
    for (const [code, entry] of Object.entries(reference.clients)) {
      const served = response.body[code];
      expect({ code, name: served.name, group: served.group, platform: served.platform }).toEqual({
        code,
        name: entry.name,
        group: entry.group,
        platform: entry.platform,
      });
      for (const option of entry.images_options ?? [])
        expect(served.images_options).toContain(option);
    }
    expect(response.body.IPHONE13.orientation_options).toEqual(['vertical', 'horizontal']);
  });

  it('reports liveness and readiness (database, browser, client fonts) in embedded mode', async () => {
    const live = await request(t.url).get('/health/live').expect(200);
    expect(live.body).toMatchObject({ status: 'ok' });
    const ready = await request(t.url).get('/health/ready').expect(200);
    expect(ready.body).toMatchObject({
      status: 'ok',
      info: {
        database: { status: 'up' },
        redis: { status: 'up', used: false },
        browser: { status: 'up' },
        fonts: { status: 'up' },
      },
      error: {},
    });
  });
});

describe(`Readiness when a dependency is missing (${TEST_DATABASE})`, () => {
  let t: TestApp;
  beforeAll(
    async () => (t = await createTestApp({ env: { CHROMIUM_PATH: '/nonexistent/chromium' } })),
  );
  afterAll(() => t.close());

  it('answers 503 and says which dependency is down and why', async () => {
    const ready = await request(t.url).get('/health/ready').expect(503);
    expect(ready.body).toMatchObject({
      status: 'error',
      info: { database: { status: 'up' } },
      error: {
        browser: { status: 'down', message: 'CHROMIUM_PATH /nonexistent/chromium does not exist' },
      },
    });
    await request(t.url).get('/health/live').expect(200);
  });
});
