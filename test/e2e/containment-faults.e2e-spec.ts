import sharp from 'sharp';
import request from 'supertest';
import { DataSource, Like } from 'typeorm';
import { UsageRecord } from '../../src/domain/billing/usage-record.entity';
import { Capture } from '../../src/domain/captures/state/capture.entity';
import type { Slots } from '../../src/base/system/slots';
import { InProcessCaptureQueue } from '../../src/domain/captures/run/in-process-capture-queue';
import { Renderer } from '../../src/rendering/render';
import { hasBuild, startApiProcess } from '../support/api-process';
import { BLUR_BOMB } from '../support/hostile-emails';
import { chromiumProcesses, kill } from '../support/process-tree';
import { postEmail, SIMPLE_EMAIL } from '../support/previews';
import { basicAuth, createApplication } from '../support/run-cli';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';
import { until } from '../support/until';

/** Faults of the renderer itself, with real Chromium, on both databases. */
describe(`containment: faults (${TEST_DATABASE})`, () => {
  describe('a render past CAPTURE_TIMEOUT_MS, one render at a time', () => {
    let t: TestApp;
    let apiKey: string;
    beforeAll(async () => {
      t = await createTestApp({ env: { CAPTURE_TIMEOUT_MS: '2000', CAPTURE_CONCURRENCY: '1' } });
      apiKey = (await createApplication(t)).api_key;
    });
    afterAll(() => t.close());

    it('is stopped at its deadline (504), frees its slot at once and is not billed', async () => {
      const heavy = await postEmail(t, { html_text: BLUR_BOMB }, apiKey);
      const simple = await postEmail(t, { html_text: SIMPLE_EMAIL }, apiKey);
      const timedOut = await request(t.url).get(`/v1/emails/${heavy}/previews/APPMAIL14`);
      expect(timedOut.status).toBe(504);
      expect(timedOut.body.description).toBe('Timeout: the email client took too long to respond');
      // Its slot is free the moment it is answered: nothing still renders it.
      const { slots } = t.get(InProcessCaptureQueue) as unknown as { slots: Slots };
      expect(slots.inUse + slots.queued).toBe(0);
      await request(t.url).get(`/v1/emails/${simple}/previews/APPMAIL14`).expect(200);
      const usage = t.get(DataSource).getRepository(UsageRecord);
      expect(await usage.countBy({ emailId: heavy })).toBe(0);
      expect(await usage.countBy({ emailId: simple })).toBe(1);
      const row = await t
        .get(DataSource)
        .getRepository(Capture)
        .findOneByOrFail({ emailId: heavy });
      expect(row).toMatchObject({ status: 'failed', failure: 'timeout' });
    });

    it('answers a timed-out capture at once on later GETs, rendering it no more', async () => {
      const auth = basicAuth(apiKey);
      const created = await request(t.url)
        .post('/v1/emails')
        .set('Authorization', auth)
        .send({ html_text: BLUR_BOMB })
        .expect(200);
      const guid = created.body.email_guid as string;
      const url = `/v1/emails/${guid}/previews/IPHONE13`;
      const render = jest.spyOn(t.get(Renderer), 'render');
      const first = await request(t.url).get(url).expect(504);
      for (const path of [url, `${url}/full`, `${url}/thumb450`]) {
        const again = await request(t.url).get(path).expect(504);
        expect(again.body).toEqual(first.body);
      }
      await request(t.url)
        .post(`/v1/emails/${guid}/previews/prefetch`)
        .set('Authorization', auth)
        .send({ configurations: [{ client: 'IPHONE13' }] })
        .expect(202);
      expect(render).toHaveBeenCalledTimes(1);
      const row = await t.get(DataSource).getRepository(Capture).findOneByOrFail({ emailId: guid });
      expect(row).toMatchObject({ status: 'failed', failure: 'timeout', attempt: 1 });
      render.mockRestore();
    });
  });

  describe('a memory budget of 400 MB per render, two renders at a time', () => {
    let t: TestApp;
    let apiKey: string;
    beforeAll(async () => {
      t = await createTestApp({ env: { RENDER_MEMORY_MB: '400', CAPTURE_CONCURRENCY: '2' } });
      apiKey = (await createApplication(t)).api_key;
    });
    afterAll(() => t.close());

    it('ends a memory-hungry render (500, the budget named) while the other capture succeeds', async () => {
      // 12000 x 12000 pixels: 441 KB as PNG, 576 MB once Chromium decodes it.
      const png = await sharp({
        create: { width: 12000, height: 12000, channels: 3, background: '#f00' },
      })
        .png({ compressionLevel: 9 })
        .toBuffer();
      const hungry = await postEmail(
        t,
        { html_text: `<img src="data:image/png;base64,${png.toString('base64')}">` },
        apiKey,
      );
      const simple = await postEmail(t, { html_text: SIMPLE_EMAIL }, apiKey);
      const [hungryAnswer, simpleAnswer] = await Promise.all([
        request(t.url).get(`/v1/emails/${hungry}/previews/APPMAIL14`),
        request(t.url).get(`/v1/emails/${simple}/previews/APPMAIL14`),
      ]);
      // With the bodies, so that a failure says which error each capture met.
      expect({ status: simpleAnswer.status, body: simpleAnswer.body }).toMatchObject({
        status: 200,
      });
      expect({ status: hungryAnswer.status, body: hungryAnswer.body }).toMatchObject({
        status: 500,
      });
      const row = await t
        .get(DataSource)
        .getRepository(Capture)
        .findOneByOrFail({ emailId: hungry });
      expect(row.error).toMatch(/over its 400 MB budget/);
      expect(await t.get(DataSource).getRepository(UsageRecord).countBy({ emailId: hungry })).toBe(
        0,
      );
    });
  });

  describe('renderer and browser crashes mid-burst', () => {
    let t: TestApp;
    let apiKey: string;
    beforeAll(async () => {
      t = await createTestApp({ env: { CAPTURE_CONCURRENCY: '2' } });
      apiKey = (await createApplication(t)).api_key;
    });
    afterAll(() => t.close());

    const CLIENTS = ['APPMAIL14', 'APPMAIL15', 'IPHONE13', 'IPHONE15', 'GMAILNEW', 'OL2019'];
    const ready = async () => (await fetch(`${t.url}/health/ready`)).status;

    it('fails only the captures in flight, loses no slot, leaves nothing pending; readiness goes down then up', async () => {
      const guid = await postEmail(t, { html_text: SIMPLE_EMAIL }, apiKey);
      await request(t.url).get(`/v1/emails/${guid}/previews/OL2016`).expect(200); // browser up
      expect(await ready()).toBe(200);
      const burst = Promise.all(
        CLIENTS.map((client) => request(t.url).get(`/v1/emails/${guid}/previews/${client}`)),
      );
      await new Promise((resolve) => setTimeout(resolve, 150));
      kill(chromiumProcesses().renderers);
      await new Promise((resolve) => setTimeout(resolve, 150));
      const states: number[] = [];
      kill(chromiumProcesses().browsers);
      await until(async () => {
        states.push(await ready());
        return states.includes(503) && states.at(-1) === 200;
      }, 10);
      expect(states).toContain(503);
      expect(states.at(-1)).toBe(200);
      const statuses = (await burst).map((response) => response.status);
      expect(statuses.filter((status) => status !== 200 && status !== 500)).toEqual([]);
      const captures = t.get(DataSource).getRepository(Capture);
      expect(await captures.countBy({ emailId: guid, status: 'pending' })).toBe(0);
      // Every configuration renders now, two at a time as configured: no slot was lost.
      const again = await Promise.all(
        CLIENTS.map((client) => request(t.url).get(`/v1/emails/${guid}/previews/${client}`)),
      );
      expect(again.map((response) => response.status).every((s) => s === 200 || s === 301)).toBe(
        true,
      );
      const usage = t.get(DataSource).getRepository(UsageRecord);
      expect(await usage.countBy({ emailId: guid })).toBe(CLIENTS.length + 1);
      // A relaunch and twelve renders: a safety net for a busy machine, not a latency bound.
    }, 180_000);
  });

  (hasBuild() ? describe : describe.skip)('SIGTERM during a burst (built API process)', () => {
    let t: TestApp;
    beforeAll(async () => (t = await createTestApp()));
    afterAll(() => t.close());

    it('drains within the grace, hands back the rest, and the restarted service serves every configuration', async () => {
      const apiKey = (await createApplication(t)).api_key;
      const guid = await postEmail(t, { html_text: SIMPLE_EMAIL }, apiKey);
      const heavy = await postEmail(t, { html_text: BLUR_BOMB }, apiKey);
      const env = {
        DATABASE_URL: t.config.database.url,
        DATA_DIR: t.config.dataDir,
        CAPTURE_CONCURRENCY: '2',
        CAPTURE_TIMEOUT_MS: '20000',
        SHUTDOWN_GRACE_MS: '1500',
        INSTANCE_NAME: 'sigterm-test',
      };
      const clients = ['APPMAIL14', 'APPMAIL15', 'IPHONE13', 'IPHONE15', 'GMAILNEW', 'OL2019'];
      const first = await startApiProcess(env);
      // A render that would hold its slot for 20 s: the drain must not wait for it.
      const burst = Promise.allSettled([
        fetch(`${first.url}/v1/emails/${heavy}/previews/APPMAIL14`),
        ...clients.map((client) => fetch(`${first.url}/v1/emails/${guid}/previews/${client}`)),
      ]);
      // SIGTERM once the burst is under way (the heavy render holds its row, a simple one is
      // done), however long a busy machine takes to get there.
      const rows = t.get(DataSource).getRepository(Capture);
      await until(
        async () =>
          (await rows.countBy({ emailId: heavy, status: 'pending' })) === 1 &&
          (await rows.countBy({ emailId: guid, status: 'captured' })) > 0,
      );
      // The heavy render would hold its slot 20 s: the drain ends at the grace without it
      // (its row is handed back below, not captured).
      await first.stop();
      const [heavyAnswer] = await burst;
      if (heavyAnswer.status === 'fulfilled') {
        // Answered before its connection closed: the queue is closed, not full.
        expect(heavyAnswer.value.status).toBe(503);
        expect((await heavyAnswer.value.json()).description).toMatch(/shutting down/);
      }
      const captures = t.get(DataSource).getRepository(Capture);
      const stopped = { status: 'pending', leaseOwner: Like('sigterm-test#%') } as const;
      expect(await captures.countBy(stopped)).toBe(0);
      // Handed back as interrupted (no failure of the email's), for whichever process
      // recovers it: this test's own app may have taken it already.
      const handedBack = await captures.findOneByOrFail({ emailId: heavy });
      expect(handedBack.failure ?? 'interrupted').toBe('interrupted');
      expect(await captures.countBy({ emailId: guid, status: 'captured' })).toBeGreaterThan(0);

      const second = await startApiProcess(env);
      try {
        for (const client of clients) {
          const response = await fetch(`${second.url}/v1/emails/${guid}/previews/${client}`, {
            redirect: 'manual',
          });
          expect([client, [200, 301].includes(response.status)]).toEqual([client, true]);
        }
      } finally {
        await second.stop();
      }
    });
  });
});
