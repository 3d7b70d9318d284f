import { RedisReconnection } from '../../src/platform/redis/redis-availability';
import { Queue } from 'bullmq';
import type { CaptureJob } from '../../src/domain/captures/state/capture-attempt';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { UsageRecord } from '../../src/domain/billing/usage-record.entity';
import { Capture } from '../../src/domain/captures/state/capture.entity';
import {
  CAPTURE_QUEUE,
  captureQueueOf,
  MAINTENANCE_QUEUE,
  redisConnection,
} from '../../src/domain/captures/queue/queue-names';
import { Email } from '../../src/domain/emails/email.entity';
import { WEBHOOK_QUEUE } from '../../src/domain/webhooks/webhook-scheduler';
import { freePort, hasBuild, startApiProcess } from '../support/api-process';
import {
  allCaptured,
  postEmail,
  previewsFromTwoProcesses,
  SIMPLE_EMAIL,
} from '../support/previews';
import { failedAnswers } from '../support/failed-answers';
import { basicAuth, createApplication } from '../support/run-cli';
import { createTestApp, TestApp } from '../support/test-app';
import { SCALE_OUT_SECRETS } from '../support/shared-secrets';
import { TEST_DATABASE } from '../support/test-database';
import { hasWorkerBuild, startWorker, WorkerProcess } from '../support/worker-process';
import { openStream } from '../support/event-stream';
import { until } from '../support/until';
import { startWebhookReceiver } from '../support/webhook-receiver';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
// Against the real Redis and PostgreSQL, with real worker processes (built code).
const run =
  TEST_DATABASE === 'postgres' && hasBuild() && hasWorkerBuild() ? describe : describe.skip;

run('scale-out: API processes, BullMQ render workers, one PostgreSQL', () => {
  let t: TestApp;
  let queue: Queue;
  let env: Record<string, string>;
  const workers: WorkerProcess[] = [];
  const metricsPorts: number[] = [];
  const workerMetricsPort = (index: number) => metricsPorts[index];
  const captures = () => t.get(DataSource).getRepository(Capture);
  const usage = () => t.get(DataSource).getRepository(UsageRecord);

  beforeAll(async () => {
    const prefix = `ip-test-${randomBytes(4).toString('hex')}`;
    // Real time: the workers and the second API process read the system clock, and leases
    // written by this process must mean the same to them.
    t = await createTestApp({
      env: {
        REDIS_URL,
        ...SCALE_OUT_SECRETS,
        QUEUE_PREFIX: prefix,
        CAPTURE_TIMEOUT_MS: '120000',
        EXPIRY_INTERVAL: '0',
        WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
      },
      realTime: true,
    });
    env = {
      DATABASE_URL: t.config.database.url,
      DATA_DIR: t.config.dataDir,
      REDIS_URL,
      ...SCALE_OUT_SECRETS,
      QUEUE_PREFIX: prefix,
      CAPTURE_CONCURRENCY: '1',
      WORKER_LOCK_MS: '2000',
    };
    queue = new Queue(CAPTURE_QUEUE, {
      connection: redisConnection(t.config, new RedisReconnection()),
      prefix,
    });
    metricsPorts.push(await freePort(), await freePort());
  });
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.kill()));
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
    await t.close();
  });

  it('one API and two workers complete 30 captures, each exactly once', async () => {
    workers.push(
      await startWorker({ ...env, WORKER_METRICS_PORT: String(workerMetricsPort(0)) }),
      await startWorker({ ...env, WORKER_METRICS_PORT: String(workerMetricsPort(1)) }),
    );
    const configurations = [
      'OL2019',
      'APPMAIL14',
      'GMAILNEW',
      'OL2016',
      'IPHONE13',
      'IPHONE13?orientation=horizontal',
    ];
    const guids = [];
    for (let i = 0; i < 5; i++)
      guids.push(await postEmail(t, { html_text: SIMPLE_EMAIL, end_user_id: `u${i}` }));
    const answers = await Promise.all(
      guids.flatMap((guid) =>
        configurations.map(async (path) => ({
          emailId: guid,
          client: path.split('?')[0],
          response: await request(t.url).get(`/v1/emails/${guid}/previews/${path}`),
        })),
      ),
    );
    // Any other answer is named with its body and the failure its row recorded.
    expect(await failedAnswers(t, answers)).toEqual([]);
    expect(answers).toHaveLength(30);
    // Each worker counts what it rendered on its own /metrics: together, the 30 captures.
    let counted = 0;
    for (const port of [workerMetricsPort(0), workerMetricsPort(1)]) {
      const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      for (const line of text.split('\n'))
        if (
          line.startsWith('instant_preview_captures_total{') &&
          line.includes('outcome="captured"')
        )
          counted += Number(line.split(' ').pop());
    }
    expect(counted).toBe(30);
    for (const guid of guids) {
      const rows = await captures().findBy({ emailId: guid });
      expect(rows).toHaveLength(6);
      expect(rows.every((row) => row.status === 'captured' && row.attempt === 1)).toBe(true);
      expect(await usage().countBy({ emailId: guid })).toBe(6);
    }
  });

  it("emails take turns: another email's preview does not wait for a grid's backlog", async () => {
    const codes = ((await request(t.url).get('/v1/clients')).body as string[]).slice(0, 40);
    const grid = await postEmail(t, { html_text: SIMPLE_EMAIL.replace('</body>', 'grid</body>') });
    const other = await postEmail(t, { html_text: SIMPLE_EMAIL });
    // The workers pick nothing until the other email's job is queued behind the whole grid:
    // a backlog it could wait for however fast the workers are (measured: on a quiet machine
    // they had drained all but 6 of the grid's jobs by the time the other was asked).
    await queue.pause();
    let single: Promise<request.Response>;
    let all: Promise<number[]>;
    try {
      all = Promise.all(
        codes.map(
          async (code) => (await request(t.url).get(`/v1/emails/${grid}/previews/${code}`)).status,
        ),
      );
      // Asked once every grid configuration has its row (the grid's jobs are queued).
      await until(async () => (await captures().countBy({ emailId: grid })) === codes.length);
      single = request(t.url)
        .get(`/v1/emails/${other}/previews/OL2019`)
        .then((r) => r);
      await until(async () =>
        (await queue.getJobs(['waiting', 'prioritized'])).some(
          (job) => (job.data as CaptureJob).emailId === other,
        ),
      );
    } finally {
      await queue.resume();
    }
    expect((await single).status).toBe(200);
    expect(await all).toEqual(new Array(codes.length).fill(200)); // nothing left running
    // Read from the workers' own picks (BullMQ's processedOn), not from when answers arrive,
    // which a loaded machine reorders: first come, first served, every grid job still waiting
    // when the other was queued would be picked before it; taking turns, at most the one whose
    // turn it was per free slot.
    const jobs = await queue.getJobs(['completed']);
    const otherJob = jobs.find((job) => (job.data as CaptureJob).emailId === other)!;
    const pickedBetween = jobs.filter(
      (job) =>
        (job.data as CaptureJob).emailId === grid &&
        job.processedOn! > otherJob.timestamp &&
        job.processedOn! < otherJob.processedOn!,
    );
    const waitingWhenQueued = jobs.filter(
      (job) => (job.data as CaptureJob).emailId === grid && job.processedOn! > otherJob.timestamp,
    );
    expect(waitingWhenQueued.length).toBeGreaterThan(10); // a backlog it could have waited for
    expect(pickedBetween.length).toBeLessThanOrEqual(2);
  });

  it('finishes a capture through another worker when one is killed mid-job', async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.kill()));
    const first = await startWorker(env);
    const heavy = `<html><body>${'<p style="margin:0;font:14px Arial">A line of a long email</p>'.repeat(6000)}</body></html>`;
    const guid = await postEmail(t, { html_text: heavy });
    const answer = request(t.url)
      .get(`/v1/emails/${guid}/previews/ANDROIDGMAILAPP`)
      .then((response) => response);
    await until(async () => (await queue.getActiveCount()) > 0, 25);
    expect(await queue.getActiveCount()).toBe(1);
    await first.kill('SIGKILL');
    workers.push(await startWorker(env));
    const response = await answer;
    expect(response.status).toBe(200);
    const rows = await captures().findBy({ emailId: guid });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'captured', attempt: 1 });
    expect(await usage().countBy({ emailId: guid })).toBe(1);
    const stored = Object.values(rows[0].files!);
    expect(stored).toHaveLength(3);
  });

  it("routes a job to its engine's queue: a Chromium-only worker leaves Apple Mail's job to a WebKit worker", async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.kill()));
    workers.push(await startWorker({ ...env, ENGINES: 'chromium' }));
    const webkitQueue = new Queue(captureQueueOf('webkit'), {
      connection: redisConnection(t.config, new RedisReconnection()),
      prefix: env.QUEUE_PREFIX,
    });
    try {
      const guid = await postEmail(t, { html_text: SIMPLE_EMAIL });
      const apple = request(t.url).get(`/v1/emails/${guid}/previews/APPMAIL15`);
      const appleAnswer = apple.then((response) => response);
      await until(
        async () => (await webkitQueue.getJobCountByTypes('waiting', 'prioritized')) === 1,
      );
      // The Chromium worker works (an Outlook capture is drawn) and leaves the WebKit job alone.
      await request(t.url).get(`/v1/emails/${guid}/previews/OL2019`).expect(200);
      expect(await webkitQueue.getJobCountByTypes('waiting', 'prioritized')).toBe(1);
      workers.push(await startWorker({ ...env, ENGINES: 'webkit' }));
      expect((await appleAnswer).status).toBe(200);
      const report = await request(t.url).get(`/v1/emails/${guid}/previews/APPMAIL15/report`);
      expect(report.body.entries[0].title).toMatch(/^Drawn by WebKit /);
    } finally {
      await webkitQueue.close();
    }
  });

  it("a worker's capture reaches the API's event stream (Redis) and the application's webhook (the outbox)", async () => {
    workers.push(await startWorker(env));
    const receiver = await startWebhookReceiver();
    try {
      const app = await createApplication(t);
      const created = await request(t.url)
        .post('/v1/webhooks')
        .set('Authorization', basicAuth(app.api_key))
        .send({ url: `${receiver.url}/hooks`, events: ['capture.completed', 'prefetch.completed'] })
        .expect(201);
      receiver.secret = created.body.secret;
      // Each event's first attempt fails: its retry is a second job, 5 s later (the schedule's first wait).
      receiver.answer = (_id, attempt) => (attempt === 1 ? 500 : 204);
      const guid = await postEmail(t, { html_text: SIMPLE_EMAIL }, app.api_key);
      const stream = openStream(t.url, guid);
      try {
        expect(await stream.opened).toBe(200);
        await request(t.url)
          .post(`/v1/emails/${guid}/previews/prefetch`)
          .set('Authorization', basicAuth(app.api_key))
          .send({ configurations: [{ client: 'OL2019' }] })
          .expect(202);
        await until(() => stream.events.length === 2);
        expect(stream.events.map((event) => event.event).sort()).toEqual([
          'capture.completed',
          'prefetch.completed',
        ]);
        await until(() => receiver.delivered().length === 2);
        expect(receiver.requests.every((received) => received.verified)).toBe(true);
        // Each attempt a BullMQ job of an API process (the outbox sweep is a minute away).
        const deliveries = new Queue(WEBHOOK_QUEUE, {
          connection: redisConnection(t.config, new RedisReconnection()),
          prefix: t.config.redis.prefix,
        });
        try {
          for (const { id } of receiver.delivered())
            for (const attempt of [0, 1])
              expect(await (await deliveries.getJob(`${id}-${attempt}`))?.getState()).toBe(
                'completed',
              );
        } finally {
          await deliveries.close();
        }
      } finally {
        stream.close();
      }
    } finally {
      await receiver.close();
    }
  });

  it('concurrent first GETs through two API processes and two workers make one render', async () => {
    workers.push(await startWorker(env));
    const other = await startApiProcess({
      ...env,
      CAPTURE_TIMEOUT_MS: '120000',
      EXPIRY_INTERVAL: '0',
    });
    try {
      const guid = await postEmail(t, { html_text: SIMPLE_EMAIL });
      const responses = await previewsFromTwoProcesses([t.url, other.url], guid, 'OL2016');
      expect(allCaptured(responses)).toBe(true);
      const rows = await captures().findBy({ emailId: guid });
      expect(rows).toHaveLength(1);
      expect(await queue.getJob(`${rows[0].id}-1`)).toBeTruthy();
      expect(await queue.getJob(`${rows[0].id}-2`)).toBeUndefined();
      expect(await usage().countBy({ emailId: guid })).toBe(1);
    } finally {
      await other.stop();
    }
  });

  it("logs JSON lines, and a capture's lines in the worker carry the id of the request that started it", async () => {
    workers.push(await startWorker(env));
    const guid = await postEmail(t, { html_text: SIMPLE_EMAIL });
    const requestId = `trace-${randomBytes(6).toString('hex')}`;
    const response = await request(t.url)
      .get(`/v1/emails/${guid}/previews/GMAILNEW`)
      .set('X-Request-Id', requestId)
      .expect(200);
    expect(response.headers['x-request-id']).toBe(requestId);
    const generated = await request(t.url).get('/v1/clients').expect(200);
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const lines = workers
      .flatMap((worker) => worker.output().split('\n'))
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { reqId?: string; msg?: string; level?: number });
    expect(lines.length).toBeGreaterThan(0);
    const traced = lines.filter((line) => line.reqId === requestId);
    expect(traced.map((line) => line.msg)).toEqual([
      expect.stringMatching(/^capture .+ of GMAILNEW stored \(render \d+ ms\)$/),
    ]);
  });

  it('counts failed credentials in Redis, shared by every API process', async () => {
    const other = await startApiProcess({ ...env, EXPIRY_INTERVAL: '0' });
    try {
      const email = (url: string) =>
        request(url)
          .post('/v1/emails')
          .set('X-Forwarded-For', '192.0.2.77')
          .set('Authorization', 'Bearer ipat_guess')
          .send({ html_text: 'x' });
      for (let attempt = 0; attempt < 20; attempt++)
        expect((await email(attempt % 2 ? other.url : t.url)).status).toBe(401);
      // Ten failures seen by each process: together over the limit, in both.
      expect((await email(t.url)).status).toBe(429);
      expect((await email(other.url)).status).toBe(429);
    } finally {
      await other.stop();
    }
  });

  it('one Idempotency-Key sent to two API processes at once creates one email; each process replays it', async () => {
    const other = await startApiProcess({ ...env, EXPIRY_INTERVAL: '0' });
    try {
      const auth = basicAuth((await createApplication(t)).api_key);
      const upload = (url: string) =>
        request(url)
          .post('/v1/emails')
          .set('Authorization', auth)
          .set('Idempotency-Key', 'scale-out-retry')
          .send({ html_text: SIMPLE_EMAIL });
      const racing = await Promise.all(
        Array.from({ length: 8 }, (_, i) => upload(i % 2 ? other.url : t.url)),
      );
      expect(racing.every((answer) => [200, 409].includes(answer.status))).toBe(true);
      const guids = new Set(
        racing.filter((answer) => answer.status === 200).map((a) => a.body.email_guid),
      );
      expect(guids.size).toBe(1);
      const [guid] = guids;
      const owner = await t.get(DataSource).getRepository(Email).findOneByOrFail({ id: guid });
      expect(
        await t.get(DataSource).getRepository(Email).countBy({ accountId: owner.accountId }),
      ).toBe(1);
      for (const url of [t.url, other.url]) {
        const again = await upload(url).expect(200);
        expect(again.headers['idempotent-replayed']).toBe('true');
        expect(again.body.email_guid).toBe(guid);
      }
    } finally {
      await other.stop();
    }
  });

  it('counts uploads per account in Redis: the RateLimit field counts down across API processes', async () => {
    const other = await startApiProcess({ ...env, EXPIRY_INTERVAL: '0' });
    try {
      const auth = basicAuth((await createApplication(t)).api_key);
      const remaining: number[] = [];
      for (let i = 0; i < 4; i++) {
        const created = await request(i % 2 ? other.url : t.url)
          .post('/v1/emails')
          .set('Authorization', auth)
          .send({ html_text: SIMPLE_EMAIL })
          .expect(200);
        // The emails member, beside the address's auth-failure throttle.
        const policy = /(?:^|, )"emails";q=(\d+);w=60$/.exec(created.headers['ratelimit-policy']);
        const left = /(?:^|, )"emails";r=(\d+);t=\d+$/.exec(created.headers['ratelimit']);
        expect(policy && left).toBeTruthy();
        remaining.push(Number(policy![1]) - Number(left![1]));
      }
      expect(remaining).toEqual([1, 2, 3, 4]);
    } finally {
      await other.stop();
    }
  });

  it('runs expiry once per interval across workers (one BullMQ job scheduler)', async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.kill()));
    workers.push(
      await startWorker({ ...env, EXPIRY_INTERVAL: '1s' }),
      await startWorker({ ...env, EXPIRY_INTERVAL: '1s' }),
    );
    const maintenance = new Queue(MAINTENANCE_QUEUE, {
      connection: redisConnection(t.config, new RedisReconnection()),
      prefix: env.QUEUE_PREFIX,
    });
    try {
      expect(await maintenance.getJobSchedulers()).toHaveLength(1);
      // Uploaded 49 hours ago by the service clock: already due when the workers look.
      t.clock.set(new Date(Date.now() - 49 * 3_600_000));
      const guid = await postEmail(t, { html_text: SIMPLE_EMAIL });
      t.clock.set(new Date());
      const emails = t.get(DataSource).getRepository(Email);
      // Waiting for the scheduler's run, not for time to pass.
      await until(async () => Boolean((await emails.findOneByOrFail({ id: guid })).expiredAt), 100);
      expect((await emails.findOneByOrFail({ id: guid })).expiredAt).not.toBeNull();
    } finally {
      await maintenance.obliterate({ force: true }).catch(() => undefined);
      await maintenance.close();
    }
  });

  it('reports readiness of the database and Redis', async () => {
    const ready = await request(t.url).get('/health/ready').expect(200);
    expect(ready.body).toMatchObject({
      status: 'ok',
      info: {
        database: { status: 'up' },
        redis: { status: 'up' },
        browser: { status: 'up', used: false },
        fonts: { status: 'up', used: false },
      },
    });
    await request(t.url).get('/health/live').expect(200);
  });
});
