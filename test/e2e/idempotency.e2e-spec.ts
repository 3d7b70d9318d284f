import request from 'supertest';
import { DataSource } from 'typeorm';
import { UsageRecord } from '../../src/domain/billing/usage-record.entity';
import { Capture } from '../../src/domain/captures/state/capture.entity';
import { Email } from '../../src/domain/emails/email.entity';
import { ExpiryService } from '../../src/domain/expiry/expiry.service';
import { IdempotencyKey } from '../../src/domain/idempotency/idempotency-key.entity';
import { SIMPLE_EMAIL } from '../support/previews';
import { basicAuth, createApplication, createStaffKey } from '../support/run-cli';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';
import { until } from '../support/until';

const DAY_MS = 24 * 3_600_000;

describe(`Idempotency-Key on creating requests (${TEST_DATABASE})`, () => {
  let t: TestApp;
  let auth: string;
  let accountId: string;
  let keys = 0;
  const newKey = () => `key-${Date.now()}-${++keys}`;
  const rows = <T extends object>(entity: new () => T) => t.get(DataSource).getRepository(entity);
  const emailsOfAccount = () => rows(Email).countBy({ accountId });

  const postEmail = (key: string | undefined, body: object, as = auth) => {
    const call = request(t.url).post('/v1/emails').set('Authorization', as);
    return (key === undefined ? call : call.set('Idempotency-Key', key)).send(body);
  };

  beforeAll(async () => {
    t = await createTestApp();
    auth = basicAuth((await createApplication(t)).api_key);
    const first = await postEmail(undefined, { html_text: '<p>who</p>' }).expect(200);
    accountId = (await rows(Email).findOneByOrFail({ id: first.body.email_guid })).accountId;
  });
  afterAll(() => t.close());

  it('a retried upload with captures answers the first answer again, replayed, and creates and bills nothing new', async () => {
    const key = newKey();
    const body = { html_text: SIMPLE_EMAIL, configurations: [{ client: 'OL2019' }] };
    const first = await postEmail(key, body).expect(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const guid = first.body.email_guid as string;
    await until(
      async () => (await rows(Capture).countBy({ emailId: guid, status: 'captured' })) === 1,
    );
    await until(async () => (await rows(UsageRecord).countBy({ emailId: guid })) === 1);
    const emailsBefore = await emailsOfAccount();

    const again = await postEmail(key, body).expect(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await emailsOfAccount()).toBe(emailsBefore);
    expect(await rows(Capture).countBy({ emailId: guid })).toBe(1);
    expect(await rows(UsageRecord).countBy({ emailId: guid })).toBe(1);
  });

  it('the same key with another body is 422, and the quoted form names the same key', async () => {
    const key = newKey();
    const first = await postEmail(key, { html_text: '<p>one</p>' }).expect(200);
    const other = await postEmail(key, { html_text: '<p>two</p>' }).expect(422);
    expect(other.body).toEqual({
      status: 422,
      title: 'Unprocessable Entity',
      description: expect.stringContaining('Idempotency-Key'),
    });
    const quoted = await postEmail(`"${key}"`, { html_text: '<p>one</p>' }).expect(200);
    expect(quoted.body.email_guid).toBe(first.body.email_guid);
  });

  it('concurrent requests with one key create one email; the others are 409 or the replay', async () => {
    const key = newKey();
    const before = await emailsOfAccount();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => postEmail(key, { html_text: '<p>race</p>' })),
    );
    expect(await emailsOfAccount()).toBe(before + 1);
    const created = answers.filter((answer) => answer.status === 200);
    expect(new Set(created.map((answer) => answer.body.email_guid)).size).toBe(1);
    for (const answer of answers.filter((answer) => answer.status !== 200)) {
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ status: 409, title: 'Conflict' });
    }
  });

  it('keys are each account’s own: another account’s same key creates its own email', async () => {
    const key = newKey();
    const mine = await postEmail(key, { html_text: '<p>mine</p>' }).expect(200);
    const otherAuth = basicAuth((await createApplication(t, { name: 'Other' })).api_key);
    const theirs = await postEmail(key, { html_text: '<p>mine</p>' }, otherAuth).expect(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.body.email_guid).not.toBe(mine.body.email_guid);
  });

  it('a refused request gives its key up: the corrected request runs under it', async () => {
    const key = newKey();
    await postEmail(key, { html_text: 42 }).expect(400);
    const corrected = await postEmail(key, { html_text: '<p>fixed</p>' }).expect(200);
    expect(corrected.headers['idempotent-replayed']).toBeUndefined();
  });

  it('refuses a key that is empty, too long or not visible ASCII, before anything runs', async () => {
    const before = await emailsOfAccount();
    for (const bad of ['', 'x'.repeat(256), 'clé', '"unterminated']) {
      const answer = await postEmail(bad, { html_text: '<p>bad key</p>' }).expect(400);
      expect(answer.body.description).toContain('Idempotency-Key');
    }
    expect(await emailsOfAccount()).toBe(before);
  });

  it('stores the key hashed and the answer sealed, and forgets both after 24 hours', async () => {
    const key = newKey();
    const first = await postEmail(key, { html_text: '<p>day</p>' }).expect(200);
    const stored = await rows(IdempotencyKey).find();
    const text = JSON.stringify(stored);
    expect(text).not.toContain(key);
    expect(text).not.toContain(first.body.email_guid);

    t.clock.advance(DAY_MS + 1000);
    const later = await postEmail(key, { html_text: '<p>day</p>' }).expect(200);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(later.body.email_guid).not.toBe(first.body.email_guid);
    t.clock.advance(DAY_MS + 1000);
    const counts = await t.get(ExpiryService).run();
    expect(counts.idempotency_keys_purged).toBeGreaterThan(0);
    expect(await rows(IdempotencyKey).count()).toBe(0);
  });

  it('replays a webhook and an admin-created application with their secrets, shown once but replayed', async () => {
    const key = newKey();
    const webhook = { url: 'https://receiver.example/hooks', events: ['capture.completed'] };
    const created = await request(t.url)
      .post('/v1/webhooks')
      .set('Authorization', auth)
      .set('Idempotency-Key', key)
      .send(webhook)
      .expect(201);
    const replayed = await request(t.url)
      .post('/v1/webhooks')
      .set('Authorization', auth)
      .set('Idempotency-Key', key)
      .send(webhook)
      .expect(201);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body).toEqual(created.body);
    const listed = await request(t.url).get('/v1/webhooks').set('Authorization', auth).expect(200);
    expect(listed.body.filter((w: { url: string }) => w.url === webhook.url)).toHaveLength(1);

    const admin = basicAuth((await createStaffKey(t, 'admin')).key);
    const application = { name: 'Replayed', callback_uris: ['https://app.example/cb'] };
    const registered = await request(t.url)
      .post('/v1/admin/applications')
      .set('Authorization', admin)
      .set('Idempotency-Key', key)
      .send(application)
      .expect(201);
    const again = await request(t.url)
      .post('/v1/admin/applications')
      .set('Authorization', admin)
      .set('Idempotency-Key', key)
      .send(application)
      .expect(201);
    expect(again.body).toEqual(registered.body);
    expect(JSON.stringify(await rows(IdempotencyKey).find())).not.toContain(
      registered.body.api_key,
    );
  });

  it('answers the first answer again after a restart', async () => {
    const key = newKey();
    const first = await postEmail(key, { html_text: '<p>restart</p>' }).expect(200);
    const data = t.data;
    const clock = t.clock.now();
    await t.close({ keepData: true });
    t = await createTestApp({ data });
    t.clock.set(clock);
    const again = await postEmail(key, { html_text: '<p>restart</p>' }).expect(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
  });
});
