import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { privateRedis, PrivateRedis } from '../support/private-redis';
import { postEmail, SIMPLE_EMAIL } from '../support/previews';
import { basicAuth, createApplication, IssuedApp } from '../support/run-cli';
import { SCALE_OUT_SECRETS } from '../support/shared-secrets';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';
import { hasWorkerBuild, startWorker, WorkerProcess } from '../support/worker-process';
import { until } from '../support/until';

// Renders need a worker process sharing the database: PostgreSQL and a build only.
const canRender = TEST_DATABASE === 'postgres' && hasWorkerBuild();

const withConfigurations = { html_text: SIMPLE_EMAIL, configurations: [{ client: 'OL2019' }] };

function expectRedisDown(response: request.Response): void {
  expect(response.status).toBe(503);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(response.body).toEqual({
    status: 503,
    title: 'Service Unavailable',
    description: expect.stringMatching(/Redis/),
  });
}

/** Polls readiness (the clients reconnect by themselves). */
async function untilReady(t: TestApp): Promise<void> {
  await until(async () => (await request(t.url).get('/health/ready')).status === 200, 100);
}

/** The API in scale-out mode on a private Redis that is not started: it boots while Redis is down. */
async function scaleOutApp(
  redis: PrivateRedis,
  env: Record<string, string> = {},
): Promise<{ t: TestApp; app: IssuedApp; prefix: string }> {
  const prefix = `ip-test-${randomBytes(4).toString('hex')}`;
  const t = await createTestApp({
    env: {
      REDIS_URL: redis.url,
      ...SCALE_OUT_SECRETS,
      QUEUE_PREFIX: prefix,
      CAPTURE_TIMEOUT_MS: '120000',
      EXPIRY_INTERVAL: '0',
      ...env,
    },
  });
  return { t, app: await createApplication(t), prefix };
}

/**
 * Scale-out with its Redis down: every request that needs Redis is refused at once with 503,
 * Retry-After and the contract's body, never held or answered 500; readiness says Redis is
 * down; once Redis is back, everything works again without a restart.
 */
describe(`Scale-out with Redis down (${TEST_DATABASE})`, () => {
  let redis: PrivateRedis;
  let t: TestApp;
  let app: IssuedApp;
  let prefix: string;
  let worker: WorkerProcess | undefined;
  let guid: string;

  beforeAll(async () => {
    redis = await privateRedis();
    ({ t, app, prefix } = await scaleOutApp(redis));
  });
  afterAll(async () => {
    await worker?.kill();
    await t?.close();
    await redis?.stop();
  });

  const wrongKey = () =>
    request(t.url)
      .post('/v1/emails')
      .set('Authorization', basicAuth('ipk_not_a_key'))
      .send({ html_text: SIMPLE_EMAIL });
  const upload = (body: Record<string, unknown>) =>
    request(t.url).post('/v1/emails').set('Authorization', basicAuth(app.api_key)).send(body);

  it('boots with Redis down and refuses what needs Redis with 503 until it is up', async () => {
    const ready = await request(t.url).get('/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.error.redis.status).toBe('down');
    expectRedisDown(await wrongKey());
    expectRedisDown(await upload({ html_text: SIMPLE_EMAIL }));
    expectRedisDown(await upload(withConfigurations));

    await redis.start();
    await untilReady(t);
    guid = await postEmail(t, { html_text: SIMPLE_EMAIL }, app.api_key);
  }, 30_000);

  it('answers at once with 503 naming Redis while it is down, and works again once it is back, without a restart', async () => {
    await redis.stop();
    const ready = await request(t.url).get('/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({
      status: 'error',
      error: { redis: { status: 'down', message: expect.stringMatching(/Redis/) } },
      info: { database: { status: 'up' } },
    });
    expectRedisDown(await wrongKey());
    expectRedisDown(
      await request(t.url)
        .post('/v1/emails')
        .set('Authorization', 'Bearer ipat_guess')
        .send({ html_text: 'x' }),
    );
    expectRedisDown(await upload({ html_text: SIMPLE_EMAIL }));
    expectRedisDown(await upload(withConfigurations));
    expectRedisDown(await request(t.url).get(`/v1/emails/${guid}/previews/APPMAIL14`));

    await redis.start();
    await untilReady(t);
    expect((await wrongKey()).status).toBe(401);
    expect((await upload({ html_text: SIMPLE_EMAIL })).status).toBe(200);
    const prefetched = await upload(withConfigurations);
    expect(prefetched.status).toBe(200);
    expect(prefetched.body.configurations).toHaveLength(1);
    if (!canRender) return;
    // The preview refused while Redis was down renders now.
    worker = await startWorker({
      DATABASE_URL: t.config.database.url,
      DATA_DIR: t.config.dataDir,
      REDIS_URL: redis.url,
      ...SCALE_OUT_SECRETS,
      QUEUE_PREFIX: prefix,
      CAPTURE_CONCURRENCY: '1',
    });
    const preview = await request(t.url).get(`/v1/emails/${guid}/previews/APPMAIL14`);
    expect(preview.status).toBe(200);
    expect(preview.body).toHaveProperty('full_url');
  }, 120_000);
});

/**
 * With throttling switched off, the requests reach the capture queue itself: it refuses what
 * it cannot enqueue with the same 503, and what needs no Redis is still served.
 */
describe(`Scale-out with Redis down, throttling off: the queue (${TEST_DATABASE})`, () => {
  let redis: PrivateRedis;
  let t: TestApp;
  let app: IssuedApp;
  let guid: string;

  beforeAll(async () => {
    redis = await privateRedis();
    ({ t, app } = await scaleOutApp(redis, {
      EMAILS_PER_MINUTE: '0',
      AUTH_FAILURES_PER_ADDRESS: '0',
    }));
  });
  afterAll(async () => {
    await t?.close();
    await redis?.stop();
  });

  const authorized = (test: request.Test) => test.set('Authorization', basicAuth(app.api_key));

  async function expectQueueRefuses(): Promise<void> {
    expectRedisDown(await authorized(request(t.url).post('/v1/emails')).send(withConfigurations));
    expectRedisDown(
      await authorized(request(t.url).post(`/v1/emails/${guid}/previews/prefetch`)).send({
        configurations: [{ client: 'GMAILNEW' }],
      }),
    );
    expectRedisDown(await request(t.url).get(`/v1/emails/${guid}/previews/OL2019`));
  }

  it('refuses prefetch and previews with 503, and still stores emails, both before Redis was ever up and after it went down', async () => {
    guid = (
      await authorized(request(t.url).post('/v1/emails'))
        .send({ html_text: SIMPLE_EMAIL })
        .expect(200)
    ).body.email_guid;
    await expectQueueRefuses(); // never connected: BullMQ would wait for Redis without end

    await redis.start();
    await untilReady(t);
    await redis.stop();
    await expectQueueRefuses(); // connected once, then lost

    await redis.start();
    await untilReady(t);
    const prefetched = await authorized(request(t.url).post('/v1/emails')).send(withConfigurations);
    expect(prefetched.status).toBe(200);
  }, 60_000);
});
