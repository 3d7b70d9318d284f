import request from 'supertest';
import { DataSource } from 'typeorm';
import { Capture } from '../../src/domain/captures/state/capture.entity';
import { hasBuild, startApiProcess } from '../support/api-process';
import { postEmail, SIMPLE_EMAIL } from '../support/previews';
import { createApplication } from '../support/run-cli';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

/** Probes GET /health/live until `done` settles; returns how many were answered 200 before. */
async function healthAnswersWhile(url: string, done: Promise<unknown>): Promise<number> {
  let finished = false;
  void done.finally(() => (finished = true));
  let answered = 0;
  while (!finished) {
    await request(url).get('/health/live').expect(200);
    if (!finished) answered++;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return answered;
}

// Limits raised so that an email the POST check would refuse reaches preparation.
const LIMITS = {
  EMAIL_MAX_DEPTH: '5000',
  EMAIL_MAX_ELEMENTS: '500000',
  PREPARE_TIMEOUT_MS: '4000',
};

/**
 * The health latency is measured on a built API process of its own, as deployed: inside
 * this jest process the app would share its event loop with jest, ts-jest and the heap of
 * every earlier test file, whose garbage-collection pauses are not the service's.
 */
(hasBuild() ? describe : describe.skip)(
  `containment: preparation off the event loop (${TEST_DATABASE})`,
  () => {
    let t: TestApp;
    let apiKey: string;
    beforeAll(async () => {
      t = await createTestApp({ env: LIMITS });
      apiKey = (await createApplication(t)).api_key;
    });
    afterAll(() => t.close());

    it('keeps health answering while a deeply nested email is prepared, and prepares it once', async () => {
      const deep = `${'<div>'.repeat(4000)}deep${'</div>'.repeat(4000)}`;
      const guid = await postEmail(t, { html_text: deep }, apiKey);
      const api = await startApiProcess({
        ...LIMITS,
        DATABASE_URL: t.config.database.url,
        DATA_DIR: t.config.dataDir,
      });
      try {
        // Warm: the first request of a fresh process loads its routes and strategies.
        await request(api.url).get('/health/live').expect(200);
        const answered = request(api.url)
          .get(`/v1/emails/${guid}/previews/GMAILNEW`)
          .then((response) => response);
        // Health answers while the email is parsed and transformed (seconds of work):
        // the work is off the event loop. How fast it answers is bench/hostile's to measure.
        expect(await healthAnswersWhile(api.url, answered)).toBeGreaterThan(1);
        const first = await answered;
        expect([200, 500]).toContain(first.status);
        if (first.status === 500) {
          // The failed preparation is the email's own: the same answer again, nothing redone.
          const again = await request(api.url).get(`/v1/emails/${guid}/previews/GMAILNEW`);
          expect({ status: again.status, body: again.body }).toEqual({
            status: 500,
            body: first.body,
          });
          const row = await t
            .get(DataSource)
            .getRepository(Capture)
            .findOneByOrFail({ emailId: guid });
          expect(row).toMatchObject({ failure: 'preparation', attempt: 1 });
        }
      } finally {
        await api.stop();
      }
    });

    it('prepares ordinary emails in worker threads with the same result', async () => {
      const guid = await postEmail(t, { html_text: SIMPLE_EMAIL }, apiKey);
      await request(t.url).get(`/v1/emails/${guid}/previews/OL2019`).expect(200);
    });
  },
);
