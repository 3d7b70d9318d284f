import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { WebhooksResealCommand } from '../../src/commands/webhooks.commands';
import { postEmail, SIMPLE_EMAIL } from '../support/previews';
import { basicAuth, createApplication, IssuedApp, runCli } from '../support/run-cli';
import { createTestApp, TestApp, TestAppData } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';
import { until } from '../support/until';
import { runWorkerFromSource } from '../support/worker-process';
import { startWebhookReceiver, WebhookReceiver } from '../support/webhook-receiver';

const KEY_ONE = 'webhook-secret-key-one-0123456789abcdef';
const KEY_TWO = 'webhook-secret-key-two-0123456789abcdef';
const env = (extra: Record<string, string>) => ({
  WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
  WEBHOOK_RETRY_SCHEDULE: '300ms,300ms,300ms,300ms,300ms,300ms',
  ...extra,
});

describe(`webhook secrets across key changes (${TEST_DATABASE})`, () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => (receiver = await startWebhookReceiver()));
  afterAll(() => receiver.close());

  /** An app under `keys` with a webhook for capture.completed; closed, its data kept for a restart. */
  async function webhookSealedUnder(keys: Record<string, string>, path: string) {
    const t = await createTestApp({ env: env(keys), realTime: true });
    const app = await createApplication(t);
    const created = await request(t.url)
      .post('/v1/webhooks')
      .set('Authorization', basicAuth(app.api_key))
      .send({ url: `${receiver.url}${path}`, events: ['capture.completed'] })
      .expect(201);
    receiver.secret = created.body.secret;
    await t.close({ keepData: true });
    return { app, data: t.data, webhookId: created.body.id as string };
  }

  /** An email of the application's is captured: one delivery to each of its webhooks. */
  async function captureAnEmail(t: TestApp, app: IssuedApp): Promise<void> {
    const guid = await postEmail(t, { html_text: SIMPLE_EMAIL }, app.api_key);
    await request(t.url).get(`/v1/emails/${guid}/previews/OL2019`).expect(200);
  }

  const restart = (keys: Record<string, string>, data: TestAppData) =>
    createTestApp({ env: env(keys), realTime: true, data });

  it('after a rotation the previous key opens the secrets it sealed; webhooks:reseal moves them to the current key, and the previous key can go', async () => {
    const { app, data } = await webhookSealedUnder({ WEBHOOK_SECRET_KEY: KEY_ONE }, '/rotated');
    const rotated = { WEBHOOK_SECRET_KEY: KEY_TWO, WEBHOOK_SECRET_KEY_PREVIOUS: KEY_ONE };
    let t = await restart(rotated, data);
    try {
      await captureAnEmail(t, app);
      await until(() => receiver.delivered().length === 1);
      const resealed = await runCli(t, WebhooksResealCommand, [], { json: true });
      expect(JSON.parse(resealed.stdout)).toEqual({ resealed: 1, unopened: [] });
      await t.close({ keepData: true });
      t = await restart({ WEBHOOK_SECRET_KEY: KEY_TWO }, data);
      await captureAnEmail(t, app);
      await until(() => receiver.delivered().length === 2);
      // Signed with the secret shown at create, under each key.
      expect(receiver.requests.map((r) => [r.path, r.status, r.verified])).toEqual([
        ['/rotated', 204, true],
        ['/rotated', 204, true],
      ]);
    } finally {
      await t.close();
    }
  }, 60_000);

  it('a secret no key opens: each attempt is recorded as failed with that error, and the webhook disabled, rather than held', async () => {
    const sealedUnder = { WEBHOOK_SECRET_KEY: KEY_ONE };
    const { app, data, webhookId } = await webhookSealedUnder(sealedUnder, '/unopened');
    // Another key, no previous one, another signing secret: nothing opens it here.
    const t = await restart(
      {
        WEBHOOK_SECRET_KEY: KEY_TWO,
        OAUTH_SIGNING_SECRET: 'another-signing-secret-0123456789abcdef',
        WEBHOOK_DISABLE_AFTER: '1s',
      },
      data,
    );
    try {
      const auth = basicAuth(app.api_key);
      await captureAnEmail(t, app);
      const logged = async () =>
        (
          await request(t.url)
            .get(`/v1/webhooks/${webhookId}/deliveries`)
            .set('Authorization', auth)
        ).body[0];
      const cannotOpen =
        "the webhook's secret does not open with WEBHOOK_SECRET_KEY or WEBHOOK_SECRET_KEY_PREVIOUS";
      await until(async () => (await logged())?.last_error === cannotOpen);
      expect((await logged()).attempts).toBeGreaterThanOrEqual(1);
      await until(async () => {
        const [listed] = (await request(t.url).get('/v1/webhooks').set('Authorization', auth)).body;
        return listed.disabled !== undefined;
      }, 100);
      const [listed] = (await request(t.url).get('/v1/webhooks').set('Authorization', auth)).body;
      expect(listed.disabled.reason).toContain(`(last: ${cannotOpen})`);
      expect(receiver.requests.filter((r) => r.path === '/unopened')).toEqual([]);
    } finally {
      await t.close();
    }
  }, 60_000);

  it('a scale-out worker without the secrets every process shares refuses to start, naming them', () => {
    const scratch = mkdtempSync(join(tmpdir(), 'ip-worker-secrets-'));
    try {
      const environment: NodeJS.ProcessEnv = {
        ...process.env,
        REDIS_URL: 'redis://127.0.0.1:6379',
        DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres',
        DATA_DIR: scratch,
      };
      delete environment.OAUTH_SIGNING_SECRET;
      delete environment.WEBHOOK_SECRET_KEY;
      const worker = runWorkerFromSource(environment, scratch);
      expect(worker.status).toBe(78); // EX_CONFIG
      for (const name of ['OAUTH_SIGNING_SECRET', 'WEBHOOK_SECRET_KEY'])
        expect(worker.stderr).toMatch(new RegExp(`^ {2}${name}="": .*required in scale-out`, 'm'));
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }, 120_000);
});
