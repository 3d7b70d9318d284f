import request from 'supertest';
import { Email } from '../../src/domain/emails/email.entity';
import { EmailsService } from '../../src/domain/emails/emails.service';
import { basicAuth, createApplication, IssuedApp } from '../support/run-cli';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const MULTIPART = [
  'From: "Ada Sender" <ada@example.com>',
  'To: reader@example.com',
  'Subject: =?UTF-8?B?SGVsbG8g4pyT?=',
  'MIME-Version: 1.0',
  'Content-Type: multipart/alternative; boundary="b1"',
  '',
  '--b1',
  'Content-Type: text/plain; charset=utf-8',
  'Content-Transfer-Encoding: quoted-printable',
  '',
  'Caf=C3=A9 plain',
  '--b1',
  'Content-Type: text/html; charset=utf-8',
  'Content-Transfer-Encoding: base64',
  '',
  Buffer.from('<p>Café <b>html</b></p>').toString('base64'),
  '--b1--',
  '',
].join('\r\n');

describe(`POST /v1/emails (${TEST_DATABASE})`, () => {
  let t: TestApp;
  let issued: IssuedApp;
  let auth: string;

  beforeAll(async () => {
    t = await createTestApp();
    issued = await createApplication(t);
    auth = basicAuth(issued.api_key);
  });
  afterAll(() => t.close());

  const post = (body: unknown) =>
    request(t.url)
      .post('/v1/emails')
      .set('Authorization', auth)
      .send(body as object);

  it('creates an email with an API key and records the application account', async () => {
    const response = await post({ html_text: '<p>Hello</p>' }).expect(200);
    expect(response.body).toEqual({ email_guid: expect.stringMatching(UUID_V4) });
    const email = (await t.get(EmailsService).findById(response.body.email_guid)) as Email;
    expect(email.htmlText).toBe('<p>Hello</p>');
    expect(email.applicationId).toBe(issued.id);
    expect(email.accountId).not.toBe(issued.id);
    expect(email.expiresAt.getTime() - email.createdAt.getTime()).toBe(48 * 3600_000);
  });

  it('refuses a missing, wrong or password-carrying key with 401 and a Basic challenge', async () => {
    for (const header of [
      undefined,
      basicAuth('ipk_aaaaaaaaaaaa.' + 'A'.repeat(43)),
      `Basic ${Buffer.from(`${issued.api_key}:secret`).toString('base64')}`,
    ]) {
      const call = request(t.url).post('/v1/emails').send({ html_text: 'x' });
      if (header) call.set('Authorization', header);
      const response = await call.expect(401);
      expect(response.headers['www-authenticate']).toBe('Basic realm="Instant Preview API"');
      expect(response.body).toMatchObject({ status: 401, title: 'Unauthorized' });
    }
  });

  it('answers malformed JSON with 400, a wrong content type with 415, an unknown route with 404', async () => {
    const malformed = await request(t.url)
      .post('/v1/emails')
      .set('Authorization', auth)
      .set('Content-Type', 'application/json')
      .send('{"html_text": ')
      .expect(400);
    expect(malformed.body).toMatchObject({ status: 400, title: 'Bad Request' });
    expect(malformed.body.description).toMatch(/Malformed JSON/);

    const form = await request(t.url)
      .post('/v1/emails')
      .set('Authorization', auth)
      .type('form')
      .send('html_text=x')
      .expect(415);
    expect(form.body).toEqual({
      status: 415,
      title: 'Unsupported Media Type',
      description: 'Content-Type must be application/json',
    });

    const unknown = await request(t.url).get('/v1/nothing-here').expect(404);
    expect(unknown.body).toMatchObject({ status: 404, title: 'Not Found' });
  });

  it('validates fields and names them', async () => {
    const cases: [unknown, string][] = [
      [{}, "One of 'html_text','plain_text','raw_source' is required"],
      [{ subject: 'only a subject' }, "One of 'html_text','plain_text','raw_source' is required"],
      [{ html_text: 42 }, "'html_text' must be a string"],
      [
        { html_text: 'x', end_user_id: 'u'.repeat(65) },
        "'end_user_id' must be at most 64 characters",
      ],
      [
        { html_text: 'x', from_address: 'not an address' },
        "'from_address' must be an email address",
      ],
      [
        { raw_source: MULTIPART, html_text: 'x' },
        "'raw_source' cannot be combined with 'html_text'",
      ],
      [{ html_text: 'x', configurations: 'OL2019' }, "'configurations' must be an array"],
      [
        { html_text: 'x', configurations: [{ images: 'allowed' }] },
        "configurations[0]: 'client' is required",
      ],
      [
        {
          html_text: 'x',
          configurations: [{ client: 'OL2019' }, { client: 'OL2019', images: 'maybe' }],
        },
        "configurations[1]: 'images' must be 'allowed' or 'blocked'",
      ],
      [
        { html_text: 'x', configurations: [{ client: 'OL2019', orientation: 'diagonal' }] },
        "configurations[0]: 'orientation' must be 'vertical' or 'horizontal'",
      ],
      [
        { html_text: 'x', configurations: [{ client: 'OL2019' }, { client: 'NOKIA3310' }] },
        "Each client must be valid, 'NOKIA3310' is unknown",
      ],
      [
        { html_text: 'x', configurations: [{ client: 'OL2019', orientation: 'horizontal' }] },
        "'orientation' must be one of 'vertical' for OL2019",
      ],
    ];
    for (const [body, description] of cases) {
      const response = await post(body).expect(400);
      expect(response.body).toEqual({ status: 400, title: 'Bad Request', description });
    }
  });

  it('takes any From a sender could send, by RFC 5322: local hosts and one-letter labels too', async () => {
    const stored = async (body: object) => {
      const response = await post(body).expect(200);
      return (await t.get(EmailsService).findById(response.body.email_guid)) as Email;
    };
    const message = (from: string) =>
      `From: ${from}\r\nSubject: Hi\r\nContent-Type: text/html\r\n\r\n<p>Hi</p>\r\n`;
    for (const [from, address, name] of [
      ['dev@localhost', 'dev@localhost', null],
      ['a@b.c', 'a@b.c', null],
      ['"Dev Team" <dev@localhost>', 'dev@localhost', 'Dev Team'],
      ['Build bot <a@b.c>', 'a@b.c', 'Build bot'],
    ]) {
      const email = await stored({ raw_source: message(from!) });
      expect([email.fromAddress, email.fromDisplayName]).toEqual([address, name]);
    }
    for (const address of ['dev@localhost', 'a@b.c']) {
      const email = await stored({ html_text: '<p>x</p>', from_address: address });
      expect(email.fromAddress).toBe(address);
    }
  });

  it('still refuses a From that is no address at all, with the contract body', async () => {
    const cases: [object, string][] = [
      [{ html_text: 'x', from_address: 'dev@' }, "'from_address' must be an email address"],
      [{ html_text: 'x', from_address: 'a@b@c' }, "'from_address' must be an email address"],
      [
        { html_text: 'x', from_address: 'Dev <dev@localhost>' },
        "'from_address' must be an email address",
      ],
      [
        { raw_source: 'From: a@b@c\r\nContent-Type: text/html\r\n\r\n<p>x</p>\r\n' },
        "'raw_source' From address must be an email address",
      ],
    ];
    for (const [body, description] of cases) {
      const response = await post(body).expect(400);
      expect(response.body).toEqual({ status: 400, title: 'Bad Request', description });
    }
  });

  it('accepts an end_user_id of 64 characters and echoes it', async () => {
    const endUserId = 'e'.repeat(64);
    const response = await post({ plain_text: 'hi', end_user_id: endUserId }).expect(200);
    expect(response.body).toEqual({
      email_guid: expect.stringMatching(UUID_V4),
      end_user_id: endUserId,
    });
  });

  it('echoes configurations with defaults filled in', async () => {
    const response = await post({
      html_text: '<p>x</p>',
      configurations: [
        { client: 'OL2019' },
        { client: 'IPHONE13', images: 'blocked', orientation: 'horizontal' },
      ],
    }).expect(200);
    expect(response.body.configurations).toEqual([
      { client: 'OL2019', images: 'allowed', orientation: 'vertical' },
      { client: 'IPHONE13', images: 'blocked', orientation: 'horizontal' },
    ]);
  });

  it('parses raw_source as a MIME message', async () => {
    const response = await post({ raw_source: MULTIPART }).expect(200);
    const email = (await t.get(EmailsService).findById(response.body.email_guid)) as Email;
    expect(email.htmlText).toContain('Café <b>html</b>');
    expect(email.plainText?.trim()).toBe('Café plain');
    expect(email.subject).toBe('Hello ✓');
    expect(email.fromAddress).toBe('ada@example.com');
    expect(email.fromDisplayName).toBe('Ada Sender');
    expect(email.rawSource).toBe(MULTIPART);
  });

  it('refuses a raw_source with no text or HTML part', async () => {
    const response = await post({
      raw_source: 'Subject: x\r\nContent-Type: image/png\r\n\r\nAAAA',
    }).expect(400);
    expect(response.body.description).toBe("'raw_source' has no text/html or text/plain part");
  });
});

describe(`POST /v1/emails with a small BODY_LIMIT (${TEST_DATABASE})`, () => {
  it('answers 413 for a body over BODY_LIMIT', async () => {
    const small = await createTestApp({ env: { BODY_LIMIT: '2kb' } });
    try {
      const app = await createApplication(small);
      const response = await request(small.url)
        .post('/v1/emails')
        .set('Authorization', basicAuth(app.api_key))
        .send({ html_text: 'x'.repeat(4096) })
        .expect(413);
      expect(response.body).toEqual({
        status: 413,
        title: 'Payload Too Large',
        description: expect.stringContaining('limit'),
      });
    } finally {
      await small.close();
    }
  });
});
