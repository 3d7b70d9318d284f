import request from 'supertest';
import { DataSource } from 'typeorm';
import { UsageRecord } from '../../src/billing/usage-record.entity';
import { Capture } from '../../src/captures/capture.entity';
import { BLUR_BOMB } from '../support/hostile-emails';
import { postEmail, SIMPLE_EMAIL } from '../support/previews';
import { basicAuth, createApplication } from '../support/run-cli';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

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
      const started = Date.now();
      const timedOut = await request(t.url).get(`/v1/emails/${heavy}/previews/APPMAIL14`);
      expect(timedOut.status).toBe(504);
      expect(timedOut.body.description).toBe('Timeout: the email client took too long to respond');
      expect(Date.now() - started).toBeLessThan(2000 + 3000);
      const next = Date.now();
      await request(t.url).get(`/v1/emails/${simple}/previews/APPMAIL14`).expect(200);
      // The next capture does not wait behind the stopped render: well under a deadline.
      expect(Date.now() - next).toBeLessThan(2000);
      const usage = t.get(DataSource).getRepository(UsageRecord);
      expect(await usage.countBy({ emailId: heavy })).toBe(0);
      expect(await usage.countBy({ emailId: simple })).toBe(1);
      const row = await t
        .get(DataSource)
        .getRepository(Capture)
        .findOneByOrFail({ emailId: heavy });
      expect(row).toMatchObject({ status: 'failed', failure: 'timeout' });
    });

    it('answers 504 again for the same email, each render stopped', async () => {
      const auth = basicAuth(apiKey);
      const created = await request(t.url)
        .post('/v1/emails')
        .set('Authorization', auth)
        .send({ html_text: BLUR_BOMB })
        .expect(200);
      const url = `/v1/emails/${created.body.email_guid}/previews/IPHONE13`;
      await request(t.url).get(url).expect(504);
      await request(t.url).get(url).expect(504);
    });
  });
});
