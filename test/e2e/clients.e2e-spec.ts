import request from 'supertest';
import reference from '../fixtures/reference/reference-client-catalog.json';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postEmail, SIMPLE_EMAIL } from '../support/previews';
import { createApplication } from '../support/run-cli';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';
import { until } from '../support/until';

describe(`GET /v1/clients (${TEST_DATABASE})`, () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  it('lists every reference client code plus the current ones, without authentication', async () => {
    const response = await request(t.url).get('/v1/clients').expect(200);
    const codes = response.body as string[];
    // Each one's status: every engine installed here, none started yet (they start at need).
    const status = (await request(t.url).get('/v1/clients/status').expect(200)).body;
    expect(Object.keys(status).sort()).toEqual([...codes].sort());
    expect(status.APPMAIL15).toEqual({ engine: 'webkit', status: 'up' });
    expect(status.THUNDERBIRDLATEST).toEqual({ engine: 'gecko', status: 'up' });
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
      engine: { name: 'chromium', version: expect.stringMatching(/^\d+\.\d+/) },
      client_engine: 'chromium',
      caniemail: { family: 'outlook', platform: 'windows', version: '2019' },
    });
    // Each client's own engine draws it, and the catalogue names it with its version.
    for (const [code, engine] of [
      ['APPMAIL15', 'webkit'],
      ['IPHONE13', 'webkit'],
      ['OL2019MAC', 'webkit'],
      ['GMAILIOS', 'webkit'],
      ['THUNDERBIRDLATEST', 'gecko'],
      ['FFGMAILNEW', 'gecko'],
      ['ANDROIDGMAILAPP', 'chromium'],
    ]) {
      expect([code, response.body[code].engine]).toEqual([
        code,
        { name: engine, version: expect.stringMatching(/^\d+\.\d+/) },
      ]);
      expect(response.body[code].emulation).not.toMatch(/Drawn here by Chromium instead/);
    }
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
        engines: { status: 'up', webkit: expect.stringMatching(/^(idle|up)$/) },
        fonts: { status: 'up' },
      },
      error: {},
    });
  });
});

describe(`Engines started with the service, ENGINE_WARM_UP=true (${TEST_DATABASE})`, () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({ env: { ENGINE_WARM_UP: 'true' } })));
  afterAll(() => t.close());

  it('says which engines are still starting, then is ready with every engine up before any capture', async () => {
    const first = await request(t.url).get('/health/ready');
    if (first.status !== 200) {
      expect(first.status).toBe(503);
      const starting = Object.values(first.body.error as Record<string, { message?: string }>)
        .map((check) => check.message ?? '')
        .join(' | ');
      expect(starting).toMatch(/starting/);
      expect(starting).not.toMatch(/down/);
    }
    await until(async () => (await request(t.url).get('/health/ready')).status === 200, 200);
    const ready = await request(t.url).get('/health/ready').expect(200);
    expect(ready.body.info).toMatchObject({
      browser: { status: 'up' },
      engines: { status: 'up', webkit: 'up', gecko: 'up' },
    });
    const apiKey = (await createApplication(t)).api_key;
    const guid = await postEmail(t, { html_text: SIMPLE_EMAIL }, apiKey);
    for (const client of ['THUNDERBIRDLATEST', 'APPMAIL15', 'OL2019'])
      await request(t.url).get(`/v1/emails/${guid}/previews/${client}`).expect(200);
    // Three engines starting at once on a loaded machine take minutes: not what this asserts.
  }, 300_000);
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

describe(`Engines left out or failing (${TEST_DATABASE})`, () => {
  describe('ENGINES=chromium', () => {
    let t: TestApp;
    beforeAll(async () => (t = await createTestApp({ env: { ENGINES: 'chromium' } })));
    afterAll(() => t.close());

    it("says in the catalogue and in each capture's report that Chromium draws in WebKit's and Gecko's place", async () => {
      const catalogue = (await request(t.url).get('/v1/clients/configurations').expect(200)).body;
      expect(catalogue.APPMAIL15).toMatchObject({
        engine: { name: 'chromium' },
        client_engine: 'webkit',
      });
      expect(catalogue.APPMAIL15.emulation).toContain(
        'Drawn here by Chromium instead of WebKit: WebKit (WebKitGTK) is not enabled here (ENGINES=chromium).',
      );
      expect(catalogue.THUNDERBIRDLATEST.emulation).toContain(
        'Drawn here by Chromium instead of Gecko',
      );
      const apiKey = (await createApplication(t)).api_key;
      const guid = await postEmail(t, { html_text: SIMPLE_EMAIL }, apiKey);
      await request(t.url).get(`/v1/emails/${guid}/previews/APPMAIL15`).expect(200);
      const report = await request(t.url)
        .get(`/v1/emails/${guid}/previews/APPMAIL15/report`)
        .expect(200);
      expect(report.body.entries[0]).toMatchObject({ slug: 'rule:engine-substitute' });
      expect(report.body.entries[0].title).toMatch(
        /^Drawn by Chromium \S+ instead of the client's WebKit: /,
      );
      const ready = await request(t.url).get('/health/ready').expect(200);
      expect(ready.body.info.engines.webkit).toMatch(/^absent: .*not enabled/);
      const status = (await request(t.url).get('/v1/clients/status').expect(200)).body;
      expect(status.APPMAIL15).toEqual({
        engine: 'chromium',
        status: 'degraded',
        detail: expect.stringMatching(/^drawn by chromium in the place of webkit: .*not enabled/),
      });
      expect(status.OL2019).toEqual({ engine: 'chromium', status: 'up' });
    });
  });

  describe('a WebKit that fails to start', () => {
    let t: TestApp;
    const path = process.env.PATH;
    beforeAll(async () => {
      // An Xvfb that exits at once, found first on PATH: WebKit's renderer has no display.
      const dir = mkdtempSync(join(tmpdir(), 'broken-webkit-'));
      chmodSync(dir, 0o755); // the engine's user runs it
      writeFileSync(join(dir, 'Xvfb'), '#!/bin/sh\necho broken display >&2\nexit 1\n', {
        mode: 0o755,
      });
      process.env.PATH = `${dir}:${path}`;
      t = await createTestApp();
    });
    afterAll(async () => {
      process.env.PATH = path;
      await t.close();
    });

    it('fails its capture (500) and readiness names WebKit, while Chromium still draws', async () => {
      const apiKey = (await createApplication(t)).api_key;
      const guid = await postEmail(t, { html_text: SIMPLE_EMAIL }, apiKey);
      await request(t.url).get(`/v1/emails/${guid}/previews/APPMAIL15`).expect(500);
      const ready = await request(t.url).get('/health/ready').expect(503);
      expect(ready.body.error.engines).toMatchObject({
        status: 'down',
        webkit: 'down',
        message: expect.stringMatching(/^webkit down/),
      });
      const status = (await request(t.url).get('/v1/clients/status').expect(200)).body;
      expect(status.APPMAIL15).toMatchObject({ engine: 'webkit', status: 'down' });
      expect(status.OL2019).toEqual({ engine: 'chromium', status: 'up' });
      await request(t.url).get(`/v1/emails/${guid}/previews/OL2019`).expect(200);
    });
  });
});
