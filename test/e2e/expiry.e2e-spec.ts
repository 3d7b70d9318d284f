import { existsSync } from 'node:fs';
import request from 'supertest';
import { DataSource, IsNull, LessThanOrEqual } from 'typeorm';
import { UsageRecord } from '../../src/domain/billing/usage-record.entity';
import { Email } from '../../src/domain/emails/email.entity';
import { ExpiryRunCommand } from '../../src/commands/expiry.commands';
import { ExpiryService } from '../../src/domain/expiry/expiry.service';
import { Capture } from '../../src/domain/captures/state/capture.entity';
import { LocalStorage } from '../../src/platform/storage/local-storage';
import { solidPng } from '../support/image-server';
import { getAbsolute, postEmail, SIMPLE_EMAIL } from '../support/previews';
import { basicAuth, createApplication, runCli } from '../support/run-cli';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function rawMessageWithInlineImage(): Promise<string> {
  const png = (await solidPng(20, 20, [255, 0, 0])).toString('base64');
  return [
    'From: a@example.com',
    'Subject: inline',
    'MIME-Version: 1.0',
    'Content-Type: multipart/related; boundary="r"',
    '',
    '--r',
    'Content-Type: text/html; charset=utf-8',
    '',
    '<p>logo <img src="cid:logo@x" alt="logo"></p>',
    '--r',
    'Content-Type: image/png',
    'Content-Transfer-Encoding: base64',
    'Content-ID: <logo@x>',
    '',
    png,
    '--r--',
    '',
  ].join('\r\n');
}

describe(`expiry: emails at 48 hours, captures at 180 days (${TEST_DATABASE})`, () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({ env: { EXPIRY_INTERVAL: '0' } })));
  afterAll(() => t.close());

  const files = (capture: Capture) =>
    Object.values(capture.files ?? {}).map((file) => t.get(LocalStorage).pathOf(file.key));

  it('follows an email and its capture through both lifetimes', async () => {
    const start = t.clock.now();
    const issued = await createApplication(t);
    const created = await request(t.url)
      .post('/v1/emails')
      .set('Authorization', basicAuth(issued.api_key))
      .send({ raw_source: await rawMessageWithInlineImage(), end_user_id: 'u-1' })
      .expect(200);
    const guid = created.body.email_guid as string;
    const email = await t.get(DataSource).getRepository(Email).findOneByOrFail({ id: guid });
    const imageCopy = t.get(LocalStorage).pathOf(email.images[0].key!);
    expect(existsSync(imageCopy)).toBe(true);
    const first = await request(t.url).get(`/v1/emails/${guid}/previews/OL2019`).expect(200);

    t.clock.set(new Date(start.getTime() + 48 * HOUR - 60_000)); // 47 h 59 min
    await request(t.url).get(`/v1/emails/${guid}/previews/APPMAIL14`).expect(200);

    t.clock.set(new Date(start.getTime() + 48 * HOUR));
    const late = await request(t.url).get(`/v1/emails/${guid}/previews/GMAILNEW`).expect(404);
    expect(late.body).toMatchObject({ status: 404, title: 'Not Found' });
    expect(await t.get(ExpiryService).run()).toEqual({
      emails_expired: 1,
      captures_purged: 0,
      idempotency_keys_purged: 0,
    });
    const tombstone = await t.get(DataSource).getRepository(Email).findOneByOrFail({ id: guid });
    expect(tombstone).toMatchObject({
      htmlText: null,
      plainText: null,
      rawSource: null,
      images: [],
      endUserId: 'u-1',
    });
    expect(tombstone.expiredAt).not.toBeNull();
    expect(existsSync(imageCopy)).toBe(false);
    await request(t.url).get(`/v1/emails/${guid}/previews/GMAILNEW`).expect(404);
    await request(t.url).get(`/v1/emails/${guid}/previews/OL2019`).expect(301);
    await getAbsolute(t, first.body.full_url).expect(302);

    const capture = await t
      .get(DataSource)
      .getRepository(Capture)
      .findOneByOrFail({ emailId: guid, client: 'OL2019' });
    const stored = files(capture);
    expect(stored.every((path) => existsSync(path))).toBe(true);
    t.clock.set(new Date(capture.capturedAt!.getTime() + 180 * DAY));
    await request(t.url).get(`/v1/emails/${guid}/previews/OL2019`).expect(404);
    await getAbsolute(t, first.body.full_url).expect(404);
    // The APPMAIL14 capture is 47 h 59 min younger: it stays.
    expect(await t.get(ExpiryService).run()).toEqual({
      emails_expired: 0,
      captures_purged: 1,
      idempotency_keys_purged: 0,
    });
    expect(stored.some((path) => existsSync(path))).toBe(false);
    const purged = await t
      .get(DataSource)
      .getRepository(Capture)
      .findOneByOrFail({ id: capture.id });
    expect(purged).toMatchObject({ status: 'purged', files: null });
    await request(t.url).get(`/v1/emails/${guid}/previews/OL2019/full`).expect(404);
    const host = new URL(first.body.full_url).host;
    await request(t.url)
      .get(`/${guid}/results/ol2019-vertical-allowed.json`)
      .set('Host', host)
      .expect(404);
    expect(await t.get(ExpiryService).run()).toEqual({
      emails_expired: 0,
      captures_purged: 0,
      idempotency_keys_purged: 0,
    });
    expect(await t.get(DataSource).getRepository(UsageRecord).countBy({ emailId: guid })).toBe(2);
    t.clock.set(start);
  });

  it('gives the same result when two instances run the jobs at once', async () => {
    const start = t.clock.now();
    const guids = [];
    for (let i = 0; i < 5; i++) guids.push(await postEmail(t, { html_text: SIMPLE_EMAIL }));
    await Promise.all(
      guids.map((guid) => request(t.url).get(`/v1/emails/${guid}/previews/APPMAIL14`).expect(200)),
    );
    const later = new Date(start.getTime() + 181 * DAY);
    t.clock.set(later);
    const emails = t.get(DataSource).getRepository(Email);
    const captures = t.get(DataSource).getRepository(Capture);
    const dueEmails = await emails.countBy({
      expiredAt: IsNull(),
      expiresAt: LessThanOrEqual(later),
    });
    const dueCaptures = await captures.countBy({
      status: 'captured',
      expiresAt: LessThanOrEqual(later),
    });
    expect(dueEmails).toBeGreaterThanOrEqual(5);
    const [inProcess, cli] = await Promise.all([
      t.get(ExpiryService).run(),
      runCli(t, ExpiryRunCommand, [], { now: later.toISOString(), json: true }),
    ]);
    const fromCli = JSON.parse(cli.stdout);
    expect(inProcess.emails_expired + fromCli.emails_expired).toBe(dueEmails);
    expect(inProcess.captures_purged + fromCli.captures_purged).toBe(dueCaptures);
    expect(await captures.countBy({ status: 'captured', expiresAt: LessThanOrEqual(later) })).toBe(
      0,
    );
    const again = await runCli(t, ExpiryRunCommand, [], { now: later.toISOString(), json: true });
    expect(JSON.parse(again.stdout)).toEqual({
      emails_expired: 0,
      captures_purged: 0,
      idempotency_keys_purged: 0,
    });
    const bad = await runCli(t, ExpiryRunCommand, [], { now: 'yesterday', json: true });
    expect(bad.exitCode).toBe(2);
    t.clock.set(start);
  });
});
