import request from 'supertest';
import { setTimeout as sleep } from 'node:timers/promises';
import { Email } from '../../src/domain/emails/email.entity';
import { EmailsService } from '../../src/domain/emails/emails.service';
import { ApiProcess, hasBuild, startApiProcess } from '../support/api-process';
import { basicAuth, createApplication } from '../support/run-cli';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

const base64 = (text: string) => Buffer.from(text).toString('base64');

/** A message with the given headers and one body part. */
const message = (headers: string[], part: string[]) =>
  [...headers, 'MIME-Version: 1.0', ...part].join('\r\n');
const HTML_PART = ['Content-Type: text/html; charset=utf-8', '', '<p>Hello</p>'];

/** Decoded text is held to the JSON fields' rules, so both databases answer the same. */
describe(`raw_source: decoded text hygiene (${TEST_DATABASE})`, () => {
  let t: TestApp;
  let auth: string;
  beforeAll(async () => {
    t = await createTestApp();
    auth = basicAuth((await createApplication(t)).api_key);
  });
  afterAll(() => t.close());

  const post = (raw: string) =>
    request(t.url).post('/v1/emails').set('Authorization', auth).send({ raw_source: raw });

  const address321 = `${'a'.repeat(64)}@${'b'.repeat(252)}.com`;

  it.each([
    [
      'a NUL from a quoted-printable HTML body',
      message(
        ['From: a@example.com'],
        [
          'Content-Type: text/html; charset=utf-8',
          'Content-Transfer-Encoding: quoted-printable',
          '',
          '<p>a=00b</p>',
        ],
      ),
      "'raw_source' text/html part must not contain NUL characters",
    ],
    [
      'a NUL from a base64 text body',
      message(
        ['From: a@example.com'],
        [
          'Content-Type: text/plain; charset=utf-8',
          'Content-Transfer-Encoding: base64',
          '',
          base64('plain\u0000text'),
        ],
      ),
      "'raw_source' text/plain part must not contain NUL characters",
    ],
    [
      'a NUL from an encoded-word subject',
      message([`Subject: =?UTF-8?B?${base64('Hi\u0000there')}?=`], HTML_PART),
      "'raw_source' Subject must not contain NUL characters",
    ],
    [
      'a From display name of 201 characters',
      message([`From: "${'n'.repeat(201)}" <a@example.com>`], HTML_PART),
      "'raw_source' From display name must be at most 200 characters",
    ],
    [
      'a From address of 321 characters',
      message([`From: <${address321}>`], HTML_PART),
      "'raw_source' From address must be at most 320 characters",
    ],
  ])('refuses %s with a 400 naming it', async (_name, raw, description) => {
    const response = await post(raw);
    expect(response.body).toEqual({ status: 400, title: 'Bad Request', description });
  });

  it('stores a well-formed raw_source, its inline image intact', async () => {
    const logo = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0x10, 0x80]);
    const raw = message(
      [
        `From: "${'n'.repeat(200)}" <ada@example.com>`,
        `Subject: =?UTF-8?B?${base64('Hello ✓')}?=`,
        'Content-Type: multipart/related; boundary="r"',
      ],
      [
        '',
        '--r',
        'Content-Type: text/html; charset=utf-8',
        'Content-Transfer-Encoding: quoted-printable',
        '',
        '<p>Caf=C3=A9 <img src=3D"cid:logo@x"></p>',
        '--r',
        'Content-Type: image/png',
        'Content-Transfer-Encoding: base64',
        'Content-ID: <logo@x>',
        '',
        logo.toString('base64'),
        '--r--',
        '',
      ],
    );
    const response = await post(raw).expect(200);
    const emails = t.get(EmailsService);
    const email = (await emails.findById(response.body.email_guid)) as Email;
    expect(email).toMatchObject({
      subject: 'Hello ✓',
      fromAddress: 'ada@example.com',
      fromDisplayName: 'n'.repeat(200),
      htmlText: '<p>Café <img src="cid:logo@x"></p>',
      plainText: null,
    });
    const [image] = await emails.imagesFor(email);
    expect(image).toMatchObject({ url: 'cid:logo@x', contentType: 'image/png' });
    expect(Buffer.compare(image.data, logo)).toBe(0);
  });
});

/**
 * Parsing a raw_source runs in the inspection threads: the API process (built, as
 * deployed) keeps answering while one is parsed.
 */
(hasBuild() ? describe : describe.skip)(
  `raw_source: parsed off the event loop (${TEST_DATABASE})`,
  () => {
    let t: TestApp;
    let api: ApiProcess;
    let auth: string;
    beforeAll(async () => {
      t = await createTestApp();
      auth = basicAuth((await createApplication(t)).api_key);
      api = await startApiProcess({
        PREPARE_THREADS: '1',
        PREPARE_TIMEOUT_MS: '60000',
        DATABASE_URL: t.config.database.url,
        DATA_DIR: t.config.dataDir,
      });
    });
    afterAll(async () => {
      await api?.stop();
      await t.close();
    });

    const post = (body: object) =>
      request(api.url).post('/v1/emails').set('Authorization', auth).send(body);

    it('answers health while an HTML part nested 1,500,000 deep is read, then refuses it naming the limit', async () => {
      await request(api.url).get('/health/live').expect(200);
      const nested = `${'<div>'.repeat(1_500_000)}x`;
      let answered = false;
      const hostile = post({ raw_source: `Content-Type: text/html\r\n\r\n${nested}` }).then(
        (response) => {
          answered = true;
          return response;
        },
      );
      // Parsed on the event loop, this email froze the API for over 12 minutes: no health
      // probe would be answered before the POST. Read in a thread, health goes on answering.
      let healthBefore = 0;
      while (!answered) {
        await request(api.url).get('/health/live').expect(200);
        if (!answered) healthBefore++;
        await sleep(5);
      }
      const refused = await hostile;
      expect(healthBefore).toBeGreaterThan(0);
      expect(refused.status).toBe(400);
      expect(refused.body.description).toBe(
        "The email's HTML has elements nested more than 400 deep",
      );
    });
  },
);
