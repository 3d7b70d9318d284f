import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AuditEvent } from '../../src/domain/audit/audit-event.entity';
import { UsageRecord } from '../../src/domain/billing/usage-record.entity';
import { Capture } from '../../src/domain/captures/state/capture.entity';
import { Email } from '../../src/domain/emails/email.entity';
import { PrefetchBatch } from '../../src/domain/webhooks/prefetch-batch.entity';
import { WebhookDelivery } from '../../src/domain/webhooks/webhook-delivery.entity';
import { getAbsolute, SIMPLE_EMAIL } from '../support/previews';
import { basicAuth, createApplication, createStaffKey, IssuedApp } from '../support/run-cli';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';
import { until } from '../support/until';

describe(`erasure before the lifetimes run out (${TEST_DATABASE})`, () => {
  let t: TestApp;
  let app: IssuedApp;
  let auth: string;
  const rows = <T extends object>(entity: new () => T) => t.get(DataSource).getRepository(entity);

  /** Every stored file's path under DATA_DIR/files. */
  const storedFiles = (): string[] =>
    readdirSync(join(t.config.dataDir, 'files'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));

  const upload = async (html: string, endUser?: string, as = auth): Promise<string> =>
    (
      await request(t.url)
        .post('/v1/emails')
        .set('Authorization', as)
        .send({
          html_text: html,
          ...(endUser && { end_user_id: endUser }),
          configurations: [{ client: 'OL2019' }],
        })
        .expect(200)
    ).body.email_guid;

  const captured = (guid: string) =>
    until(async () => (await rows(Capture).countBy({ emailId: guid, status: 'captured' })) === 1);

  beforeAll(async () => {
    t = await createTestApp({ env: { WEBHOOK_ALLOW_HOSTS: '127.0.0.1' } });
    app = await createApplication(t);
    auth = basicAuth(app.api_key);
    await request(t.url)
      .post('/v1/webhooks')
      .set('Authorization', auth)
      .send({ url: 'https://127.0.0.1:9/hooks', events: ['capture.completed'] })
      .expect(201);
  });
  afterAll(() => t.close());

  it('erases an email with its captures, files, thumbnails, diffs and events; its URLs answer 404; billing stays the same', async () => {
    const erased = await upload(SIMPLE_EMAIL.replace('Hello', 'Erase me'), 'reader-1');
    const kept = await upload(SIMPLE_EMAIL, 'reader-1');
    await Promise.all([captured(erased), captured(kept)]);
    // Prefetched: the preview JSON is the cached copy it redirects to.
    const redirect = await request(t.url)
      .get(`/v1/emails/${erased}/previews/OL2019`)
      .set('Authorization', auth)
      .expect(301);
    const preview = await getAbsolute(t, redirect.headers.location).expect(200);
    const cachedJson = redirect.headers.location as string;
    // A diff on each side: the kept email's capture holds one against the erased email.
    for (const [base, head] of [
      [erased, kept],
      [kept, erased],
    ]) {
      await request(t.url)
        .post('/v1/comparisons')
        .set('Authorization', auth)
        .send({ base_email_guid: base, head_email_guid: head, clients: ['OL2019'] })
        .expect(200);
    }
    const keptRow = () => rows(Capture).findOneByOrFail({ emailId: kept });
    expect(Object.keys((await keptRow()).files ?? {}).join()).toContain(`-diff-${erased}`);
    // Thumbnails are written after the capture is answered.
    await getAbsolute(t, preview.body.thumb_url).expect(302);
    await until(() =>
      storedFiles().some((path) => path.includes(erased) && path.includes('thumb')),
    );
    expect(await rows(WebhookDelivery).count()).toBeGreaterThan(0);
    const usageBefore = await rows(UsageRecord).find({ order: { id: 'ASC' } });

    const other = basicAuth((await createApplication(t, { name: 'Other' })).api_key);
    await request(t.url).delete(`/v1/emails/${erased}`).set('Authorization', other).expect(404);
    expect(await rows(Email).countBy({ id: erased })).toBe(1);

    const answer = await request(t.url)
      .delete(`/v1/emails/${erased}`)
      .set('Authorization', auth)
      .expect(200);
    expect(answer.body).toEqual({ email_guid: erased, captures_erased: 1 });

    expect(await rows(Email).countBy({ id: erased })).toBe(0);
    expect(await rows(Capture).countBy({ emailId: erased })).toBe(0);
    expect(await rows(PrefetchBatch).countBy({ emailId: erased })).toBe(0);
    const events = await rows(WebhookDelivery).find();
    expect(events.filter((event) => event.payload.includes(erased))).toEqual([]);
    expect(events.filter((event) => event.payload.includes(kept)).length).toBeGreaterThan(0);
    expect(storedFiles().filter((path) => path.includes(erased))).toEqual([]);
    expect(Object.keys((await keptRow()).files ?? {}).join()).not.toContain(erased);
    for (const url of [preview.body.full_url, preview.body.thumb_url, cachedJson]) {
      const response = await getAbsolute(t, url);
      expect(response.status).toBe(404);
    }
    await request(t.url)
      .get(`/v1/emails/${erased}/previews/OL2019`)
      .set('Authorization', auth)
      .expect(404);
    // Billing: the same records, none with content; the kept email untouched.
    expect(await rows(UsageRecord).find({ order: { id: 'ASC' } })).toEqual(usageBefore);
    await request(t.url)
      .get(`/v1/emails/${kept}/previews/OL2019`)
      .set('Authorization', auth)
      .expect(301);
    const audit = await rows(AuditEvent).findOneByOrFail({ targetId: erased });
    expect(audit).toMatchObject({ action: 'email.erase', staffKeyId: expect.any(String) });
    await request(t.url).delete(`/v1/emails/${erased}`).set('Authorization', auth).expect(404);
  });

  it('erases every email of one end user, for the application or an admin naming it', async () => {
    const mine = [await upload('<p>one</p>', 'reader-2'), await upload('<p>two</p>', 'reader-2')];
    const others = await upload('<p>three</p>', 'reader-3');
    const answer = await request(t.url)
      .delete('/v1/end-users/reader-2')
      .set('Authorization', auth)
      .expect(200);
    expect(answer.body).toMatchObject({ end_user_id: 'reader-2', emails_erased: 2 });
    for (const guid of mine) expect(await rows(Email).countBy({ id: guid })).toBe(0);
    expect(await rows(Email).countBy({ id: others })).toBe(1);

    const admin = basicAuth((await createStaffKey(t, 'admin')).key);
    const byAdmin = await request(t.url)
      .delete(`/v1/admin/applications/${app.client_id}/end-users/reader-3`)
      .set('Authorization', admin)
      .expect(200);
    expect(byAdmin.body).toMatchObject({ end_user_id: 'reader-3', emails_erased: 1 });
    expect(await rows(Email).countBy({ id: others })).toBe(0);
    await request(t.url)
      .delete(`/v1/admin/applications/${app.client_id}/end-users/reader-3`)
      .set('Authorization', auth)
      .expect(403);
    await request(t.url)
      .delete(`/v1/end-users/${'x'.repeat(65)}`)
      .set('Authorization', auth)
      .expect(400);
  });
});
