import { createTransport } from 'nodemailer';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { Email } from '../../src/domain/emails/email.entity';
import { freePort } from '../support/api-process';
import { smtpReply } from '../support/smtp-reply';
import { basicAuth, createApplication, IssuedApp } from '../support/run-cli';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';
import { until } from '../support/until';
import { startWebhookReceiver, WebhookReceiver } from '../support/webhook-receiver';

const DOMAIN = 'intake.test';
const MESSAGE = {
  from: 'sender@example.com',
  subject: 'Hello over SMTP',
  html: '<p>Hello over SMTP</p>',
};

describe(`SMTP intake (${TEST_DATABASE})`, () => {
  let t: TestApp;
  let app: IssuedApp;
  let auth: string;
  let port: number;
  let receiver: WebhookReceiver;
  const emails = () => t.get(DataSource).getRepository(Email);

  /** Sends one message, with AUTH when `password` is given; the server's answer or refusal. */
  const send = async (
    to: string,
    password?: string,
    extra: { html?: string; authMethod?: string } = {},
  ) => {
    const transport = createTransport({
      host: '127.0.0.1',
      port,
      secure: false,
      ignoreTLS: true,
      ...(password !== undefined && { auth: { user: 'anyone', pass: password } }),
      ...(extra.authMethod && { authMethod: extra.authMethod }),
    });
    return smtpReply(transport, { ...MESSAGE, to, html: extra.html ?? MESSAGE.html });
  };
  const guidOf = (text: string) => /^250 2\.0\.0 Accepted <([0-9a-f-]{36})>$/.exec(text)?.[1];
  const intakeAddress = async () =>
    (await request(t.url).get('/v1/intake').set('Authorization', auth).expect(200)).body
      .address as string;

  beforeAll(async () => {
    port = await freePort();
    receiver = await startWebhookReceiver();
    t = await createTestApp({
      env: {
        SMTP_PORT: String(port),
        SMTP_DOMAIN: DOMAIN,
        BODY_LIMIT: '20kb',
        WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
      },
      realTime: true,
    });
    app = await createApplication(t);
    auth = basicAuth(app.api_key);
    const webhook = await request(t.url)
      .post('/v1/webhooks')
      .set('Authorization', auth)
      .send({ url: `${receiver.url}/hooks`, events: ['email.received'] })
      .expect(201);
    receiver.secret = webhook.body.secret;
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('takes a message with AUTH (the API key as the password) for any recipient, as raw_source', async () => {
    const sent = await send('someone@example.org', app.api_key);
    expect(sent.code).toBe(250);
    const guid = guidOf(sent.text)!;
    expect(guid).toBeDefined();
    const email = await emails().findOneByOrFail({ id: guid });
    expect(email).toMatchObject({
      applicationId: app.id,
      subject: 'Hello over SMTP',
      fromAddress: 'sender@example.com',
      endUserId: null,
    });
    expect(email.rawSource).toContain('Hello over SMTP');
    await request(t.url)
      .get(`/v1/emails/${guid}/previews/OL2019`)
      .set('Authorization', auth)
      .expect(200);
  });

  it('takes AUTH LOGIN as well as PLAIN', async () => {
    const sent = await send('someone@example.org', app.api_key, { authMethod: 'LOGIN' });
    expect(sent.code).toBe(250);
  });

  it('takes a message without AUTH to the intake address, the end user from its plus-tag', async () => {
    const address = await intakeAddress();
    expect(address).toMatch(new RegExp(`^[0-9a-f]{24}@${DOMAIN.replace('.', '\\.')}$`));
    expect(await intakeAddress()).toBe(address);
    const sent = await send(address.replace('@', '+reader-7@'));
    expect(sent.code).toBe(250);
    const guid = guidOf(sent.text)!;
    const email = await emails().findOneByOrFail({ id: guid });
    expect(email).toMatchObject({ applicationId: app.id, endUserId: 'reader-7' });
    await until(() => receiver.delivered().some((r) => r.body.data.email_guid === guid));
    const received = receiver.delivered().find((r) => r.body.data.email_guid === guid)!;
    expect(received.verified).toBe(true);
    expect(received.body).toMatchObject({
      type: 'email.received',
      data: { email_guid: guid, end_user_id: 'reader-7' },
    });
  });

  it('refuses a wrong key (535), a foreign recipient without AUTH (550), too big a message (552), storing nothing', async () => {
    const before = await emails().count();
    const wrongKey = await send('someone@example.org', 'not-a-key');
    expect(wrongKey.code).toBe(535);
    expect(wrongKey.text).toContain('5.7.8');
    const relay = await send('someone@example.org');
    expect(relay.code).toBe(550);
    expect(relay.text).toContain('5.7.1 Relaying denied');
    const big = await send('someone@example.org', app.api_key, {
      html: `<p>${'x'.repeat(30 * 1024)}</p>`,
    });
    expect(big.code).toBe(552);
    expect(await emails().count()).toBe(before);
  });

  it('refuses the old address after a rotation', async () => {
    const old = await intakeAddress();
    const rotated = await request(t.url)
      .post('/v1/intake/rotate')
      .set('Authorization', auth)
      .expect(200);
    expect(rotated.body.address).not.toBe(old);
    expect(await intakeAddress()).toBe(rotated.body.address);
    expect((await send(old)).code).toBe(550);
    expect((await send(rotated.body.address)).code).toBe(250);
  });
});
