import request from 'supertest';
import { DataSource } from 'typeorm';
import { UsageRecord } from '../../src/domain/billing/usage-record.entity';
import { Capture } from '../../src/domain/captures/state/capture.entity';
import { Email } from '../../src/domain/emails/email.entity';
import { Renderer } from '../../src/rendering/render';
import { hasBuild, startApiProcess } from '../support/api-process';
import {
  allCaptured,
  postEmail,
  previewsFromTwoProcesses,
  SIMPLE_EMAIL,
} from '../support/previews';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';
import { until } from '../support/until';

describe(`capture failures (${TEST_DATABASE})`, () => {
  describe('with a tiny CAPTURE_TIMEOUT_MS', () => {
    let t: TestApp;
    beforeAll(async () => (t = await createTestApp({ env: { CAPTURE_TIMEOUT_MS: '30' } })));
    afterAll(() => t.close());

    it('answers 504 in the error body', async () => {
      const guid = await postEmail(t, { html_text: SIMPLE_EMAIL });
      const response = await request(t.url).get(`/v1/emails/${guid}/previews/OL2019`).expect(504);
      expect(response.body).toEqual({
        status: 504,
        title: 'Gateway Timeout',
        description: 'Timeout: the email client took too long to respond',
      });
    });
  });

  describe('with CAPTURE_QUEUE_LIMIT=0 and one render at a time', () => {
    let t: TestApp;
    beforeAll(
      async () =>
        (t = await createTestApp({ env: { CAPTURE_QUEUE_LIMIT: '0', CAPTURE_CONCURRENCY: '1' } })),
    );
    afterAll(() => t.close());

    it('answers 503 with Retry-After under concurrent load, and the refused capture works later', async () => {
      const guid = await postEmail(t, { html_text: SIMPLE_EMAIL });
      const clients = ['OL2019', 'APPMAIL14', 'GMAILNEW', 'OL2016'];
      const responses = await Promise.all(
        clients.map((client) => request(t.url).get(`/v1/emails/${guid}/previews/${client}`)),
      );
      const refused = responses.filter((r) => r.status === 503);
      expect(responses.filter((r) => r.status === 200).length).toBeGreaterThan(0);
      expect(refused.length).toBeGreaterThan(0);
      expect(refused[0].headers['retry-after']).toMatch(/^\d+$/);
      expect(refused[0].body).toMatchObject({ status: 503, title: 'Service Unavailable' });
      const again = clients[responses.indexOf(refused[0])];
      await request(t.url).get(`/v1/emails/${guid}/previews/${again}`).expect(200);
      const usage = await t.get(DataSource).getRepository(UsageRecord).countBy({ emailId: guid });
      expect(usage).toBe(responses.filter((r) => r.status === 200).length + 1);
    });
  });

  // One render at a time, two captures in progress (one rendering, one preparing or storing),
  // none waiting beyond them.
  describe('prefetch with room for two captures (CAPTURE_QUEUE_LIMIT=0, one render at a time)', () => {
    let t: TestApp;
    beforeAll(
      async () =>
        (t = await createTestApp({ env: { CAPTURE_QUEUE_LIMIT: '0', CAPTURE_CONCURRENCY: '1' } })),
    );
    afterAll(() => t.close());

    it('accepts all configurations or answers 503 with none started, on both endpoints', async () => {
      const { createApplication, basicAuth } = await import('../support/run-cli');
      const apiKey = (await createApplication(t)).api_key;
      const auth = basicAuth(apiKey);
      const three = [{ client: 'OL2019' }, { client: 'OL2016' }, { client: 'GMAILNEW' }];
      const emails = t.get(DataSource).getRepository(Email);
      const captures = t.get(DataSource).getRepository(Capture);
      const before = await emails.count();
      const refusedPost = await request(t.url)
        .post('/v1/emails')
        .set('Authorization', auth)
        .send({ html_text: SIMPLE_EMAIL, configurations: three })
        .expect(503);
      expect(refusedPost.headers['retry-after']).toMatch(/^\d+$/);
      expect(refusedPost.body).toMatchObject({ status: 503, title: 'Service Unavailable' });
      expect(await emails.count()).toBe(before);

      const guid = await postEmail(t, { html_text: SIMPLE_EMAIL }, apiKey);
      await request(t.url)
        .post(`/v1/emails/${guid}/previews/prefetch`)
        .set('Authorization', auth)
        .send({ configurations: three })
        .expect(503);
      expect(await captures.countBy({ emailId: guid })).toBe(0);

      await request(t.url)
        .post(`/v1/emails/${guid}/previews/prefetch`)
        .set('Authorization', auth)
        .send({ configurations: three.slice(0, 2) })
        .expect(202);
      expect(await captures.countBy({ emailId: guid })).toBe(2);
      await until(async () => (await captures.countBy({ emailId: guid, status: 'captured' })) >= 2);
      expect(await captures.countBy({ emailId: guid, status: 'captured' })).toBe(2);
    });
  });

  describe('when the engine fails', () => {
    let t: TestApp;
    beforeAll(async () => (t = await createTestApp()));
    afterAll(() => t.close());

    it('answers 500 naming the client, caches nothing, and lets a later request retry', async () => {
      const guid = await postEmail(t, { html_text: SIMPLE_EMAIL });
      const render = jest
        .spyOn(t.get(Renderer), 'render')
        .mockRejectedValueOnce(new Error('engine exploded'));
      const failed = await request(t.url).get(`/v1/emails/${guid}/previews/OL2019`).expect(500);
      expect(failed.body).toEqual({
        status: 500,
        title: 'Internal Server Error',
        description: 'Internal Server Error: unexpected failure of an email client (OL2019)',
      });
      const row = await t.get(DataSource).getRepository(Capture).findOneByOrFail({ emailId: guid });
      expect(row).toMatchObject({ status: 'failed', error: 'engine exploded' });
      await request(t.url).get(`/v1/emails/${guid}/previews/OL2019`).expect(200);
      expect(render).toHaveBeenCalledTimes(2);
      const retried = await t
        .get(DataSource)
        .getRepository(Capture)
        .findOneByOrFail({ emailId: guid });
      expect(retried).toMatchObject({ status: 'captured', attempt: 2 });
      expect(await t.get(DataSource).getRepository(UsageRecord).countBy({ emailId: guid })).toBe(1);
    });
  });
});

(hasBuild() ? describe : describe.skip)(
  `two API processes on one database (${TEST_DATABASE})`,
  () => {
    let t: TestApp;
    // The other process leases on the system clock; this one must agree with it on "now".
    beforeAll(async () => (t = await createTestApp({ realTime: true })));
    afterAll(() => t.close());

    it('20 concurrent first GETs across both give one capture and one usage row', async () => {
      const other = await startApiProcess({
        DATABASE_URL: t.config.database.url,
        DATA_DIR: t.config.dataDir,
      });
      try {
        const guid = await postEmail(t, { html_text: SIMPLE_EMAIL });
        const responses = await previewsFromTwoProcesses([t.url, other.url], guid, 'APPMAIL14');
        expect(allCaptured(responses)).toBe(true);
        const captures = await t.get(DataSource).getRepository(Capture).findBy({ emailId: guid });
        expect(captures).toHaveLength(1);
        expect(captures[0]).toMatchObject({ status: 'captured', attempt: 1 });
        expect(await t.get(DataSource).getRepository(UsageRecord).countBy({ emailId: guid })).toBe(
          1,
        );
      } finally {
        await other.stop();
      }
    });
  },
);
