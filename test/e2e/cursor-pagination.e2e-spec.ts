import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { UsageRecord } from '../../src/domain/billing/usage-record.entity';
import { WebhookDeliveryRepository } from '../../src/domain/webhooks/webhook-delivery.repository';
import { basicAuth, createApplication, createStaffKey, IssuedApp } from '../support/run-cli';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';
import { usageRecord } from '../support/usage-records';

type Body = Record<string, unknown>;

/** The target of `Link: <...>; rel="next"`, or null when the answer has none. */
function nextOf(response: request.Response): string | null {
  const link = response.headers.link as string | undefined;
  if (link === undefined) return null;
  const found = /^<(\/v1\/[^>]+)>; rel="next"$/.exec(link);
  if (!found) throw new Error(`not a next link: ${link}`);
  return found[1];
}

/**
 * Paging by cursor (docs/api.md#pagination) on every list: walked by following rel="next"
 * until none, each row once and in the order the list has unpaged or paged by `page`.
 */
describe(`cursor pagination (${TEST_DATABASE})`, () => {
  let t: TestApp;
  let adminAuth: string;
  let app: IssuedApp;
  let appAuth: string;
  let webhookIds: string[];

  const get = (auth: string, path: string) => request(t.url).get(path).set('Authorization', auth);

  /** Every row of a list, page by page from `first`, and how many pages it took. */
  async function walk(auth: string, first: string, rowsOf: (body: Body) => unknown[]) {
    const rows: unknown[] = [];
    let pages = 0;
    for (let path: string | null = first; path; pages++) {
      const response = await get(auth, path).expect(200);
      rows.push(...rowsOf(response.body as Body));
      path = nextOf(response);
      if (pages > 100) throw new Error('the next links never end');
    }
    return { rows, pages };
  }
  const asArray = (body: Body) => body as unknown as unknown[];

  beforeAll(async () => {
    t = await createTestApp({ env: { WEBHOOK_ALLOW_HOSTS: 'receiver.example' } });
    adminAuth = basicAuth((await createStaffKey(t, 'admin')).key);
    app = await createApplication(t);
    appAuth = basicAuth(app.api_key);
    // Rows made within one millisecond (the test clock stands still) and across several, so
    // the order rests on the id as well as on the time.
    for (let i = 0; i < 7; i++) {
      if (i % 3 === 0) t.clock.advance(1000);
      await createApplication(t, { name: `app ${i}` });
      await request(t.url)
        .post('/v1/admin/users')
        .set('Authorization', adminAuth)
        .send({
          email: `user${i}@acme.example`,
          name: `User ${i}`,
          password: 'long enough password',
        })
        .expect(201);
      await request(t.url)
        .post('/v1/admin/staff-keys')
        .set('Authorization', adminAuth)
        .send({ name: `key ${i}`, role: i % 2 ? 'admin' : 'billing' })
        .expect(201);
      await request(t.url)
        .post('/v1/webhooks')
        .set('Authorization', appAuth)
        .send({ url: `https://receiver.example/${i}`, events: ['email.expired'] })
        .expect(201);
    }
    webhookIds = ((await get(appAuth, '/v1/webhooks').expect(200)).body as { id: string }[]).map(
      (webhook) => webhook.id,
    );
  });
  afterAll(async () => t?.close());

  it('walks the admin lists and the webhooks by rel="next": every row once, in the unpaged order', async () => {
    const lists: [string, string][] = [
      [adminAuth, '/v1/admin/applications'],
      [adminAuth, '/v1/admin/users'],
      [adminAuth, '/v1/admin/staff-keys'],
      [appAuth, '/v1/webhooks'],
    ];
    for (const [auth, path] of lists) {
      const whole = (await get(auth, path).expect(200)).body as unknown[];
      expect(whole.length).toBeGreaterThanOrEqual(7);
      for (const limit of [1, 3, whole.length, 200]) {
        const walked = await walk(auth, `${path}?limit=${limit}`, asArray);
        expect({ path, limit, rows: walked.rows }).toEqual({ path, limit, rows: whole });
        // No empty last page: a page that ends the list says so by having no Link.
        expect(walked.pages).toBe(Math.ceil(whole.length / limit));
      }
    }
  });

  it('walks the audit log by rel="next" as page and per_page page it, which still work', async () => {
    const byPage: unknown[] = [];
    for (let page = 1; ; page++) {
      const answer = (await get(adminAuth, `/v1/admin/audit?per_page=4&page=${page}`).expect(200))
        .body as { total: number; page: number; per_page: number; events: unknown[] };
      expect(answer).toMatchObject({ page, per_page: 4 });
      if (answer.events.length === 0) break;
      byPage.push(...answer.events);
      expect(answer.total).toBeGreaterThanOrEqual(byPage.length);
    }
    expect(byPage.length).toBeGreaterThanOrEqual(14);
    const walked = await walk(adminAuth, '/v1/admin/audit?limit=4', (body) => {
      expect(body.limit).toBe(4);
      return body.events as unknown[];
    });
    expect(walked.rows).toEqual(byPage);

    // Filters ride along in the next link.
    const filtered = await walk(adminAuth, '/v1/admin/audit?action=user.create&limit=2', (body) =>
      (body.events as { action: string }[]).map((event) => event.action),
    );
    expect(filtered.rows).toEqual(Array(7).fill('user.create'));
    expect(filtered.pages).toBe(4);
  });

  it("walks a webhook's whole delivery log, newest first, past the unpaged last 100", async () => {
    const [webhookId, otherId] = webhookIds;
    const base = t.clock.now().getTime();
    await t.get(WebhookDeliveryRepository).insert(
      Array.from({ length: 105 }, (_, i) => {
        const at = new Date(base - Math.floor(i / 4) * 1000);
        return {
          id: `msg_${randomUUID()}`,
          webhookId,
          eventType: 'email.expired',
          payload: '{}',
          status: 'delivered' as const,
          attempts: 1,
          nextAttemptAt: at,
          leaseUntil: null,
          lastStatus: 200,
          lastError: null,
          createdAt: at,
          deliveredAt: at,
        };
      }),
    );
    const path = `/v1/webhooks/${webhookId}/deliveries`;
    const last100 = (await get(appAuth, path).expect(200)).body as unknown[];
    expect(last100).toHaveLength(100);
    const walked = await walk(appAuth, `${path}?limit=7`, asArray);
    expect(walked.rows).toHaveLength(105);
    expect(walked.rows.slice(0, 100)).toEqual(last100);
    expect(new Set(walked.rows.map((row) => (row as { id: string }).id)).size).toBe(105);

    // A cursor of this webhook's log means nothing in another's.
    const first = await get(appAuth, `${path}?limit=7`).expect(200);
    const cursor = new URL(nextOf(first)!, t.url).searchParams.get('cursor');
    await get(appAuth, `/v1/webhooks/${otherId}/deliveries?cursor=${cursor}`).expect(400);
    // Another application's webhook stays absent, paged or not.
    const stranger = basicAuth((await createApplication(t)).api_key);
    await get(stranger, `${path}?limit=7`).expect(404);
  });

  it("walks an end user's captures, oldest first, past the unpaged 10,000's place", async () => {
    const records = Array.from({ length: 23 }, (_, i) =>
      usageRecord('walker', `2026-11-${String(1 + Math.floor(i / 3)).padStart(2, '0')}T10:00:00Z`),
    );
    await t.get(DataSource).getRepository(UsageRecord).insert(records);
    const path = '/v1/billing/end-users/walker/captures?from=2026-11-01&to=2026-11-30';
    const whole = (await get(adminAuth, path).expect(200)).body as Body;
    expect(whole.truncated).toBe(false);
    const bodies: Body[] = [];
    const walked = await walk(adminAuth, `${path}&limit=5`, (body) => {
      bodies.push(body);
      return body.captures as unknown[];
    });
    expect(walked.rows).toEqual(whole.captures);
    expect(walked.pages).toBe(5);
    expect(bodies.map((body) => body.truncated)).toEqual([true, true, true, true, false]);
    expect(bodies[0]).toMatchObject({
      end_user_id: 'walker',
      from: '2026-11-01',
      to: '2026-11-30',
    });
  });

  it('answers 400 in the error body to a cursor that is not this list’s, and to page with cursor', async () => {
    const first = await get(adminAuth, '/v1/admin/users?limit=2').expect(200);
    const usersNext = nextOf(first)!;
    const cursor = new URL(usersNext, t.url).searchParams.get('cursor')!;
    const refused = [
      '/v1/admin/users?cursor=not-a-cursor',
      `/v1/admin/users?cursor=${cursor}x`,
      `/v1/admin/users?cursor=${Buffer.from('["users",1,2]').toString('base64url')}`,
      `/v1/admin/staff-keys?cursor=${cursor}`,
      `/v1/admin/audit?cursor=${cursor}`,
      '/v1/admin/audit?limit=2&page=1',
      '/v1/admin/audit?cursor=x&per_page=3',
      '/v1/admin/users?limit=0',
      '/v1/admin/users?limit=201',
    ];
    for (const path of refused) {
      const response = await get(adminAuth, path);
      expect({ path, status: response.status, title: response.body.title }).toEqual({
        path,
        status: 400,
        title: 'Bad Request',
      });
      expect(response.body.description).toMatch(/'(cursor|page|limit)'/);
    }
    // The cursor of a list answers the same page however often it is followed.
    const again = await get(adminAuth, usersNext).expect(200);
    expect((await get(adminAuth, usersNext).expect(200)).body).toEqual(again.body);
  });
});
