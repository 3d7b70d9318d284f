import { setTimeout as pause } from 'node:timers/promises';
import request from 'supertest';
import { ExpiryService } from '../../src/domain/expiry/expiry.service';
import { WebhookDeliveryRepository } from '../../src/domain/webhooks/webhook-delivery.repository';
import { WebhookWakeup } from '../../src/domain/webhooks/webhook-wakeup';
import { postEmail, SIMPLE_EMAIL } from '../support/previews';
import { basicAuth, createApplication, IssuedApp } from '../support/run-cli';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';
import { openStream } from '../support/event-stream';
import { until } from '../support/until';
import { startWebhookReceiver, WebhookReceiver } from '../support/webhook-receiver';

/** Retries after 50 ms each, so a test waits for deliveries, never for a schedule. */
const env = (extra: Record<string, string> = {}) => ({
  WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
  WEBHOOK_RETRY_SCHEDULE: '50ms,50ms,50ms,50ms',
  ...extra,
});

describe(`webhooks and email event streams (${TEST_DATABASE})`, () => {
  let receiver: WebhookReceiver;
  let t: TestApp;
  let app: IssuedApp;
  let webhookId: string;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await createTestApp({ env: env(), realTime: true });
    app = await createApplication(t);
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const api = () => ({
    post: (path: string) => request(t.url).post(path).set('Authorization', basicAuth(app.api_key)),
    get: (path: string) => request(t.url).get(path).set('Authorization', basicAuth(app.api_key)),
    delete: (path: string) =>
      request(t.url).delete(path).set('Authorization', basicAuth(app.api_key)),
  });

  it('refuses a private, non-https or malformed URL and unknown events, with the contract body', async () => {
    for (const url of [
      'https://localhost/hook',
      'https://10.1.2.3/hook',
      'https://169.254.169.254/latest',
      // An IPv4-mapped IPv6 address is judged as the IPv4 address it maps to.
      'https://[::ffff:10.1.2.3]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'http://integrator.example/hook',
      'ftp://integrator.example/hook',
      'hook',
    ]) {
      const refused = await api().post('/v1/webhooks').send({ url }).expect(400);
      expect(refused.body).toEqual({
        status: 400,
        title: 'Bad Request',
        description: expect.stringMatching(/'url' must be an absolute https URL on a public host/),
      });
    }
    const unknown = await api()
      .post('/v1/webhooks')
      .send({ url: 'https://integrator.example/hook', events: ['capture.exploded'] })
      .expect(400);
    expect(unknown.body.description).toMatch(/'events' must hold only/);
    await request(t.url)
      .post('/v1/webhooks')
      .send({ url: 'https://integrator.example/h' })
      .expect(401);
    // A public https host is taken, and a public address however written.
    for (const url of ['https://integrator.example/hook', 'https://[::ffff:8.8.8.8]/hook']) {
      const taken = await api()
        .post('/v1/webhooks')
        .send({ url, events: ['email.expired'] })
        .expect(201);
      await api().delete(`/v1/webhooks/${taken.body.id}`).expect(204);
    }
  });

  it('registers a webhook, shows its whsec_ secret once, and lists it without', async () => {
    const created = await api()
      .post('/v1/webhooks')
      .send({ url: `${receiver.url}/hooks` })
      .expect(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      url: `${receiver.url}/hooks`,
      events: [
        'capture.completed',
        'capture.failed',
        'prefetch.completed',
        'email.expired',
        'email.received',
      ],
      created_at: expect.any(String),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    webhookId = created.body.id;
    receiver.secret = created.body.secret;
    const listed = await api().get('/v1/webhooks').expect(200);
    expect(listed.body).toEqual([
      {
        id: webhookId,
        url: created.body.url,
        events: created.body.events,
        created_at: created.body.created_at,
      },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain('whsec_');
    // Another application neither sees nor deletes it.
    const other = await createApplication(t, { name: 'Other' });
    const theirs = await request(t.url)
      .get('/v1/webhooks')
      .set('Authorization', basicAuth(other.api_key));
    expect(theirs.body).toEqual([]);
    await request(t.url)
      .delete(`/v1/webhooks/${webhookId}`)
      .set('Authorization', basicAuth(other.api_key))
      .expect(404);
  });

  it('delivers capture.completed per configuration and prefetch.completed, every signature verified; a receiver answering 500 twice still gets each, with the same id', async () => {
    receiver.answer = (_id, attempt) => (attempt <= 2 ? 500 : 200);
    const posted = await api()
      .post('/v1/emails')
      .send({
        html_text: SIMPLE_EMAIL,
        end_user_id: 'user-7',
        configurations: [{ client: 'OL2019' }, { client: 'APPMAIL15' }],
      })
      .expect(200);
    const guid = posted.body.email_guid as string;
    await until(() => receiver.delivered().length === 3);
    expect(receiver.requests.every((received) => received.verified)).toBe(true);
    // Each event three times (500, 500, 200) under one webhook-id.
    for (const delivered of receiver.delivered())
      expect(receiver.requests.filter((r) => r.id === delivered.id).map((r) => r.status)).toEqual([
        500, 500, 200,
      ]);
    const byType = (type: string) => receiver.delivered().filter((r) => r.body.type === type);
    const completed = byType('capture.completed').map((r) => r.body.data);
    expect(completed.map((data) => data.client).sort()).toEqual(['APPMAIL15', 'OL2019']);
    for (const data of completed)
      expect(data).toEqual({
        email_guid: guid,
        end_user_id: 'user-7',
        client: data.client,
        images: 'allowed',
        orientation: 'vertical',
        full_url: expect.stringMatching(/^http/),
        thumb_url: expect.stringMatching(/-thumb\.png$/),
        thumb450_url: expect.stringMatching(/-thumb450\.png$/),
        report_url: expect.stringMatching(/\/report\?/),
      });
    const [prefetched] = byType('prefetch.completed').map((r) => r.body.data);
    expect(prefetched).toEqual({
      email_guid: guid,
      end_user_id: 'user-7',
      outcomes: expect.arrayContaining([
        { client: 'OL2019', images: 'allowed', orientation: 'vertical', status: 200 },
        { client: 'APPMAIL15', images: 'allowed', orientation: 'vertical', status: 200 },
      ]),
    });
    // The delivery log says so, once the service has recorded the receiver's last answer (the
    // receiver sees the request before the service sees the response).
    const deliveries = async () =>
      (await api().get(`/v1/webhooks/${webhookId}/deliveries`).expect(200)).body as Array<{
        status: string;
      }>;
    await until(async () => {
      const entries = await deliveries();
      return entries.length === 3 && entries.every((entry) => entry.status === 'delivered');
    });
    const log = { body: await deliveries() };
    expect(log.body).toHaveLength(3);
    for (const entry of log.body)
      expect(entry).toMatchObject({ status: 'delivered', attempts: 3, last_status: 200 });
    receiver.answer = () => 204;
  });

  it("streams one email's events to its page and nothing of another email", async () => {
    const [mine, theirs] = await Promise.all([
      postEmail(t, { html_text: SIMPLE_EMAIL }, app.api_key),
      postEmail(t, { html_text: SIMPLE_EMAIL }, app.api_key),
    ]);
    const stream = openStream(t.url, mine);
    const other = openStream(t.url, theirs);
    try {
      expect(await stream.opened).toBe(200);
      expect(await other.opened).toBe(200);
      await request(t.url).get(`/v1/emails/${mine}/previews/OL2019`).expect(200);
      await until(() => stream.events.length === 1);
      expect(stream.events[0]).toMatchObject({
        event: 'capture.completed',
        data: { type: 'capture.completed', data: { email_guid: mine, client: 'OL2019' } },
      });
      // The other email's stream got nothing; its own capture, it gets.
      expect(other.events).toEqual([]);
      await request(t.url).get(`/v1/emails/${theirs}/previews/GMAILNEW`).expect(200);
      await until(() => other.events.length === 1);
      expect(other.events[0].data.data).toMatchObject({ email_guid: theirs, client: 'GMAILNEW' });
      expect(stream.events).toHaveLength(1);
    } finally {
      stream.close();
      other.close();
    }
    await request(t.url).get('/v1/emails/not-a-guid/events').expect(400);
    await request(t.url).get('/v1/emails/00000000-0000-4000-8000-000000000000/events').expect(404);
  });

  it('delivers email.expired when the email expires', async () => {
    const guid = await postEmail(t, { html_text: SIMPLE_EMAIL }, app.api_key);
    t.clock.advance(49 * 3_600_000);
    await t.get(ExpiryService).run();
    await until(() =>
      receiver
        .delivered()
        .some((r) => r.body.type === 'email.expired' && r.body.data.email_guid === guid),
    );
    t.clock.advance(-49 * 3_600_000);
  });

  it('deletes a webhook: no more deliveries, its log gone', async () => {
    await api().delete(`/v1/webhooks/${webhookId}`).expect(204);
    await api().get(`/v1/webhooks/${webhookId}/deliveries`).expect(404);
    await api().delete(`/v1/webhooks/${webhookId}`).expect(404);
    expect((await api().get('/v1/webhooks').expect(200)).body).toEqual([]);
  });
});

describe(`webhook deliveries across a restart, and a webhook failing for days (${TEST_DATABASE})`, () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => (receiver = await startWebhookReceiver()));
  afterAll(() => receiver.close());

  it('a restart of the service mid-retry loses nothing: the same id is delivered after it', async () => {
    // The first attempt fails; the retry is due 2 s later, after the restart.
    let t = await createTestApp({ env: env({ WEBHOOK_RETRY_SCHEDULE: '2s' }), realTime: true });
    const app = await createApplication(t);
    const created = await request(t.url)
      .post('/v1/webhooks')
      .set('Authorization', basicAuth(app.api_key))
      .send({ url: `${receiver.url}/hooks`, events: ['capture.completed'] })
      .expect(201);
    receiver.secret = created.body.secret;
    receiver.answer = () => 503;
    const guid = await postEmail(t, { html_text: SIMPLE_EMAIL }, app.api_key);
    await request(t.url).get(`/v1/emails/${guid}/previews/OL2019`).expect(200);
    await until(() => receiver.requests.length === 1);
    const data = t.data;
    await t.close({ keepData: true });
    receiver.answer = () => 200;
    t = await createTestApp({ env: env({ WEBHOOK_RETRY_SCHEDULE: '2s' }), realTime: true, data });
    try {
      await until(() => receiver.delivered().length === 1);
      expect(receiver.requests.map((r) => [r.id, r.status, r.verified])).toEqual([
        [receiver.requests[0].id, 503, true],
        [receiver.requests[0].id, 200, true],
      ]);
    } finally {
      await t.close();
    }
  }, 60_000);

  it('disables a webhook whose every delivery fails for WEBHOOK_DISABLE_AFTER, and says why', async () => {
    const t = await createTestApp({
      env: env({
        WEBHOOK_RETRY_SCHEDULE: '300ms,300ms,300ms,300ms,300ms,300ms',
        WEBHOOK_DISABLE_AFTER: '1s',
      }),
      realTime: true,
    });
    try {
      const app = await createApplication(t);
      const auth = basicAuth(app.api_key);
      const created = await request(t.url)
        .post('/v1/webhooks')
        .set('Authorization', auth)
        .send({ url: `${receiver.url}/failing`, events: ['capture.completed'] })
        .expect(201);
      receiver.secret = created.body.secret;
      receiver.answer = () => 500;
      const guid = await postEmail(t, { html_text: SIMPLE_EMAIL }, app.api_key);
      await request(t.url).get(`/v1/emails/${guid}/previews/OL2019`).expect(200);
      await until(async () => {
        const listed = await request(t.url).get('/v1/webhooks').set('Authorization', auth);
        return listed.body[0]?.disabled !== undefined;
      }, 100);
      const [listed] = (await request(t.url).get('/v1/webhooks').set('Authorization', auth)).body;
      expect(listed.disabled.reason).toMatch(
        /every delivery failed since .* \(last: answered HTTP 500\)/,
      );
      const [delivery] = (
        await request(t.url).get(`/v1/webhooks/${listed.id}/deliveries`).set('Authorization', auth)
      ).body;
      expect(delivery).toMatchObject({ status: 'failed', last_error: 'the webhook is disabled' });
    } finally {
      await t.close();
    }
  }, 60_000);

  it('an address refused at connect (its host no longer allowed) is an attempt recorded as failed with its error, until the webhook is disabled', async () => {
    let t = await createTestApp({
      env: env({ WEBHOOK_ALLOW_HOSTS: '127.0.0.1,[::ffff:7f00:1]' }),
      realTime: true,
    });
    const app = await createApplication(t);
    const auth = basicAuth(app.api_key);
    const port = new URL(receiver.url).port;
    for (const url of [
      `http://[::ffff:127.0.0.1]:${port}/mapped`,
      `http://127.0.0.1:${port}/plain`,
    ])
      await request(t.url)
        .post('/v1/webhooks')
        .set('Authorization', auth)
        .send({ url, events: ['email.expired'] })
        .expect(201);
    const data = t.data;
    await t.close({ keepData: true });
    // The operator no longer allows those hosts: each address is judged when it is connected to.
    t = await createTestApp({
      env: env({
        WEBHOOK_ALLOW_HOSTS: '',
        WEBHOOK_RETRY_SCHEDULE: '300ms,300ms,300ms,300ms,300ms,300ms',
        WEBHOOK_DISABLE_AFTER: '1s',
      }),
      realTime: true,
      data,
    });
    try {
      await postEmail(t, { html_text: SIMPLE_EMAIL }, app.api_key);
      t.clock.advance(49 * 3_600_000);
      await t.get(ExpiryService).run();
      const listed = async () =>
        (await request(t.url).get('/v1/webhooks').set('Authorization', auth)).body as {
          id: string;
          url: string;
          disabled?: { reason: string };
        }[];
      const logOf = async (id: string) =>
        (await request(t.url).get(`/v1/webhooks/${id}/deliveries`).set('Authorization', auth))
          .body[0];
      const refusal = /^(::ffff:7f00:1|127\.0\.0\.1) is not a public address$/;
      // Each attempt ends recorded, with its error...
      for (const { id } of await listed())
        await until(async () => refusal.test((await logOf(id))?.last_error ?? ''));
      // ...and the webhook is disabled once its deliveries have failed for WEBHOOK_DISABLE_AFTER.
      await until(async () => (await listed()).every((webhook) => webhook.disabled), 100);
      for (const webhook of await listed()) {
        const address = webhook.url.includes('[') ? '::ffff:7f00:1' : '127.0.0.1';
        expect(webhook.disabled!.reason).toContain(`(last: ${address} is not a public address)`);
        const delivery = await logOf(webhook.id);
        expect(delivery).toMatchObject({ status: 'failed', last_error: 'the webhook is disabled' });
        expect(delivery.attempts).toBeGreaterThan(1);
      }
      expect(receiver.requests.filter((r) => ['/mapped', '/plain'].includes(r.path))).toEqual([]);
    } finally {
      await t.close();
    }
  }, 60_000);
});

describe(`the dispatcher's waits and limits (${TEST_DATABASE})`, () => {
  let receiver: WebhookReceiver;
  let t: TestApp;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    // The service clock stands still unless a test moves it.
    t = await createTestApp({ env: env({ WEBHOOK_DELIVERIES_PER_MINUTE: '2' }) });
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  /** A new application with a webhook on the receiver for email.expired. */
  async function applicationWithWebhook() {
    const app = await createApplication(t);
    const auth = basicAuth(app.api_key);
    const created = await request(t.url)
      .post('/v1/webhooks')
      .set('Authorization', auth)
      .send({ url: `${receiver.url}/${app.client_id}`, events: ['email.expired'] })
      .expect(201);
    receiver.secret = created.body.secret;
    return { app, auth, webhookId: created.body.id as string };
  }

  /** An outbox row of the webhook's, as the outbox writes them. */
  const deliveryOf = (webhookId: string, id: string, at: Date) => ({
    id,
    webhookId,
    eventType: 'email.expired',
    payload: JSON.stringify({ type: 'email.expired', timestamp: at.toISOString(), data: {} }),
    status: 'pending' as const,
    attempts: 0,
    nextAttemptAt: at,
    leaseUntil: null,
    lastStatus: null,
    lastError: null,
    createdAt: at,
    deliveredAt: null,
  });

  it('sleeps until a lease no sender will record (its process killed mid-send) runs out, never spinning before; then the attempt is recorded and the delivery sent again', async () => {
    const { auth, webhookId } = await applicationWithWebhook();
    const deliveries = t.get(WebhookDeliveryRepository);
    const now = t.clock.now();
    // What a sender killed mid-send leaves: its lease, with a minute left, and its attempt.
    await deliveries.insert([
      {
        ...deliveryOf(webhookId, 'msg_killed_mid_send', now),
        attempts: 1,
        leaseUntil: new Date(now.getTime() + 60_000),
      },
    ]);
    const looks = jest.spyOn(deliveries, 'nextDue');
    try {
      t.get(WebhookWakeup).now();
      await pause(1000);
      // One look, then asleep: nothing may be taken before the lease runs out.
      expect(looks.mock.calls.length).toBeLessThanOrEqual(2);
    } finally {
      looks.mockRestore();
    }
    expect(receiver.requests).toEqual([]);
    t.clock.advance(60_001);
    t.get(WebhookWakeup).now();
    await until(() => receiver.delivered().some((r) => r.id === 'msg_killed_mid_send'));
    const log = async () =>
      (await request(t.url).get(`/v1/webhooks/${webhookId}/deliveries`).set('Authorization', auth))
        .body[0];
    await until(async () => (await log()).status === 'delivered');
    // The interrupted attempt counts: two in all.
    expect(await log()).toMatchObject({ id: 'msg_killed_mid_send', attempts: 2, last_status: 204 });
  });

  it('holds each application to WEBHOOK_DELIVERIES_PER_MINUTE: its other deliveries wait for the next minute', async () => {
    const { app } = await applicationWithWebhook();
    const guids = await Promise.all(
      [1, 2, 3, 4].map(() => postEmail(t, { html_text: SIMPLE_EMAIL }, app.api_key)),
    );
    t.clock.advance(49 * 3_600_000);
    await t.get(ExpiryService).run();
    const mine = () =>
      receiver.delivered().filter((r) => guids.includes(r.body.data.email_guid as string));
    await until(() => mine().length === 2);
    t.get(WebhookWakeup).now();
    await pause(500);
    expect(mine()).toHaveLength(2);
    t.clock.advance(60_000);
    t.get(WebhookWakeup).now();
    await until(() => mine().length === 4);
  });

  it('leases one sender per delivery and at most two per webhook, however many lease at once', async () => {
    const { auth, webhookId } = await applicationWithWebhook();
    const deliveries = t.get(WebhookDeliveryRepository);
    // Due in an hour: this app's own dispatcher leaves them to the test.
    const at = new Date(t.clock.now().getTime() + 3_600_000);
    const rows = ['a', 'b', 'c', 'd', 'e', 'f'].map((n) =>
      deliveryOf(webhookId, `msg_race_${n}`, at),
    );
    await deliveries.insert(rows);
    const lease = { now: at, until: new Date(at.getTime() + 60_000), perWebhook: 2 };
    const same = await Promise.all(rows.map(() => deliveries.lease(rows[0], lease)));
    expect(same.filter(Boolean)).toHaveLength(1);
    const others = await Promise.all(rows.slice(1).map((row) => deliveries.lease(row, lease)));
    expect(others.filter(Boolean)).toHaveLength(1);
    // Each lease counted its attempt.
    const leased = (await Promise.all(rows.map((row) => deliveries.findById(row.id)))).filter(
      (row) => row!.leaseUntil !== null,
    );
    expect(leased.map((row) => row!.attempts)).toEqual([1, 1]);
    await request(t.url).delete(`/v1/webhooks/${webhookId}`).set('Authorization', auth).expect(204);
  });
});

describe(`fair delivery across applications (${TEST_DATABASE})`, () => {
  it("one account's twenty webhooks on a receiver that never answers do not hold up another account's delivery", async () => {
    const hanging = await startWebhookReceiver();
    hanging.answer = () => null;
    const receiver = await startWebhookReceiver();
    // A receiver's time to answer outlasts the test: the first account's sends hang throughout.
    const t = await createTestApp({ env: env({ WEBHOOK_TIMEOUT_MS: '120000' }), realTime: true });
    try {
      const first = basicAuth((await createApplication(t, { name: 'Hanging' })).api_key);
      const hooks: string[] = [];
      for (let i = 0; i < 20; i++) {
        const created = await request(t.url)
          .post('/v1/webhooks')
          .set('Authorization', first)
          .send({ url: `${hanging.url}/hook-${i}` })
          .expect(201);
        hooks.push(created.body.id);
      }
      for (let i = 0; i < 3; i++)
        await request(t.url)
          .post('/v1/emails')
          .set('Authorization', first)
          .send({ html_text: SIMPLE_EMAIL, configurations: [{ client: 'OL2019' }] })
          .expect(200);
      // Each email's capture.completed and prefetch.completed for each webhook: 120 deliveries.
      const logged = async (id: string) =>
        (await request(t.url).get(`/v1/webhooks/${id}/deliveries`).set('Authorization', first))
          .body as { status: string }[];
      await until(async () => (await logged(hooks[19])).length === 6);
      await until(() => hanging.requests.length > 0);

      const second = await createApplication(t, { name: 'Prompt' });
      const created = await request(t.url)
        .post('/v1/webhooks')
        .set('Authorization', basicAuth(second.api_key))
        .send({ url: `${receiver.url}/hooks`, events: ['capture.completed'] })
        .expect(201);
      receiver.secret = created.body.secret;
      const guid = await postEmail(t, { html_text: SIMPLE_EMAIL }, second.api_key);
      await request(t.url).get(`/v1/emails/${guid}/previews/OL2019`).expect(200);
      await until(() => receiver.delivered().length === 1);
      const [delivered] = receiver.delivered();
      expect(delivered).toMatchObject({ verified: true, body: { data: { email_guid: guid } } });
      expect(delivered.receivedAt - Date.parse(delivered.body.timestamp)).toBeLessThan(2000);

      // Meanwhile the first account's receiver answered nothing, and held at most two
      // requests of any one webhook; its deliveries still wait.
      expect(hanging.requests.every((r) => r.status === null)).toBe(true);
      const perWebhook = new Map<string, number>();
      for (const { path } of hanging.requests)
        perWebhook.set(path, (perWebhook.get(path) ?? 0) + 1);
      expect(Math.max(...perWebhook.values())).toBeLessThanOrEqual(2);
      expect((await logged(hooks[19])).some((d) => d.status === 'pending')).toBe(true);
    } finally {
      await hanging.close();
      await receiver.close();
      await t.close();
    }
  }, 120_000);
});
