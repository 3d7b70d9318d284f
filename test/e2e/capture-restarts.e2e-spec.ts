import { rmSync } from 'node:fs';
import request from 'supertest';
import { hasBuild, startApiProcess } from '../support/api-process';
import { basicAuth, createApplication } from '../support/run-cli';
import { createTestApp, TestApp, TestAppData } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';
import { until } from '../support/until';
import { startWebhookReceiver, WebhookReceiver } from '../support/webhook-receiver';

/**
 * A restart of the service in the middle of a prefetch: what it was capturing is captured
 * again after it, whatever the restarted process is called, and the batch ends with
 * prefetch.completed. The restart is no fault of the email: nothing fails.
 */
const CLIENTS = ['OL2019', 'GMAILNEW', 'OUTLOOKCOM', 'IPHONE13', 'APPMAIL15', 'OL2016'];
/** Long enough to render that the restart lands while most configurations are still under way. */
const LONG_EMAIL = `<html><body>${'<p style="margin:0;font:14px Arial">A line of a long email</p>'.repeat(1500)}</body></html>`;

const byEmail = (receiver: WebhookReceiver, guid: string, type: string) =>
  receiver
    .delivered()
    .filter((received) => received.body.type === type && received.body.data.email_guid === guid);

/** An application with a webhook on `receiver`, in a database left for the processes to come. */
/** A new application whose webhook posts to `receiver` (which learns its secret): its key. */
async function subscribedApplication(t: TestApp, receiver: WebhookReceiver): Promise<string> {
  const { api_key: apiKey } = await createApplication(t);
  const created = await request(t.url)
    .post('/v1/webhooks')
    .set('Authorization', basicAuth(apiKey))
    .send({ url: `${receiver.url}/hooks` })
    .expect(201);
  receiver.secret = created.body.secret;
  return apiKey;
}

async function prepareData(
  receiver: WebhookReceiver,
  env: Record<string, string>,
): Promise<{ data: TestAppData; apiKey: string }> {
  const t = await createTestApp({ env, realTime: true });
  const apiKey = await subscribedApplication(t, receiver);
  const { data } = t;
  await t.close({ keepData: true });
  return { data, apiKey };
}

async function prefetch(baseUrl: string, apiKey: string): Promise<string> {
  const posted = await request(baseUrl)
    .post('/v1/emails')
    .set('Authorization', basicAuth(apiKey))
    .send({ html_text: LONG_EMAIL, configurations: CLIENTS.map((client) => ({ client })) })
    .expect(200);
  return posted.body.email_guid as string;
}

/**
 * After the restart (at `restartedAt`): the batch ends with 200 for every configuration,
 * nothing failed, what the restart cut short was captured after it, and every preview is
 * served from its capture.
 */
async function expectCapturedAgain(
  receiver: WebhookReceiver,
  baseUrl: string,
  guid: string,
  restartedAt: number,
): Promise<void> {
  await until(() => byEmail(receiver, guid, 'prefetch.completed').length > 0, 100);
  const [completed] = byEmail(receiver, guid, 'prefetch.completed');
  expect(completed.body.data.outcomes).toEqual(
    expect.arrayContaining(
      CLIENTS.map((client) => ({
        client,
        images: 'allowed',
        orientation: 'vertical',
        status: 200,
      })),
    ),
  );
  expect(byEmail(receiver, guid, 'capture.failed')).toEqual([]);
  const capturedAfter = byEmail(receiver, guid, 'capture.completed').filter(
    (received) => Date.parse(received.body.timestamp) >= restartedAt,
  );
  expect(capturedAfter.length).toBeGreaterThan(0);
  for (const client of CLIENTS)
    await request(baseUrl).get(`/v1/emails/${guid}/previews/${client}`).expect(301);
}

describe(`a prefetch across a restart of the service (${TEST_DATABASE})`, () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => (receiver = await startWebhookReceiver()));
  afterAll(() => receiver.close());

  const env = {
    WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
    WEBHOOK_RETRY_SCHEDULE: '200ms,200ms,200ms,200ms,200ms',
    CAPTURE_CONCURRENCY: '1',
    CAPTURE_LEASE_MS: '3000',
  };

  it('a shutdown past SHUTDOWN_GRACE_MS: the restarted service (another instance name) captures the rest, and prefetch.completed carries 200 for each', async () => {
    const stopping = { ...env, SHUTDOWN_GRACE_MS: '0', INSTANCE_NAME: 'before-shutdown' };
    let t: TestApp = await createTestApp({ env: stopping, realTime: true });
    const apiKey = await subscribedApplication(t, receiver);
    const guid = await prefetch(t.url, apiKey);
    await until(() => byEmail(receiver, guid, 'capture.completed').length > 0);
    const { data } = t;
    await t.close({ keepData: true });
    const restartedAt = Date.now();
    t = await createTestApp({
      env: { ...env, INSTANCE_NAME: 'after-shutdown' },
      realTime: true,
      data,
    });
    try {
      await expectCapturedAgain(receiver, t.url, guid, restartedAt);
    } finally {
      await t.close();
    }
  }, 180_000);

  (hasBuild() ? describe : describe.skip)('kill -9 of the built API process', () => {
    for (const [what, restartedAs] of [
      ['the same instance name', 'crashing'],
      ['another instance name', 'replacement'],
    ])
      it(`is captured again after the restart under ${what}, and its batch ends with prefetch.completed carrying 200 for each`, async () => {
        const { data, apiKey } = await prepareData(receiver, env);
        const processEnv = {
          ...env,
          DATABASE_URL: data.database.url,
          DATA_DIR: data.dir,
          LOG_LEVEL: 'error',
        };
        try {
          const first = await startApiProcess({ ...processEnv, INSTANCE_NAME: 'crashing' });
          const guid = await prefetch(first.url, apiKey);
          // Killed once the batch is under way: one capture done, the others in flight or queued.
          await until(() => byEmail(receiver, guid, 'capture.completed').length > 0);
          await first.kill('SIGKILL');
          const restartedAt = Date.now();
          const second = await startApiProcess({ ...processEnv, INSTANCE_NAME: restartedAs });
          try {
            await expectCapturedAgain(receiver, second.url, guid, restartedAt);
          } finally {
            await second.stop();
          }
        } finally {
          await data.database.drop();
          rmSync(data.dir, { recursive: true, force: true });
        }
      }, 180_000);
  });
});
