import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import { freePort } from '../support/api-process';
import { smtpReply } from '../support/smtp-reply';
import { createApplication, IssuedApp } from '../support/run-cli';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

const FIXTURES = join(__dirname, '../fixtures/smtp-tls');
/** An address of this machine other than loopback: where AUTH needs TLS. */
const external = Object.values(networkInterfaces())
  .flat()
  .find((address) => address && !address.internal && address.family === 'IPv4')?.address;

describe(`SMTP intake over STARTTLS (${TEST_DATABASE})`, () => {
  let t: TestApp;
  let app: IssuedApp;
  let port: number;

  /** One message with AUTH to `host`: over STARTTLS when `tls`, else in the clear. */
  const send = async (host: string, tls: boolean, smtpPort = port) => {
    const transport = createTransport({
      host,
      port: smtpPort,
      secure: false,
      ...(tls ? { requireTLS: true, tls: { rejectUnauthorized: false } } : { ignoreTLS: true }),
      auth: { user: 'anyone', pass: app.api_key },
    });
    return smtpReply(transport, {
      from: 'sender@example.com',
      to: 'someone@example.org',
      subject: 'Over TLS',
      html: '<p>Over TLS</p>',
    });
  };

  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp({
      env: {
        SMTP_PORT: String(port),
        SMTP_HOST: external ? '0.0.0.0' : '127.0.0.1',
        SMTP_TLS_CERT: join(FIXTURES, 'cert.pem'),
        SMTP_TLS_KEY: join(FIXTURES, 'key.pem'),
      },
    });
    app = await createApplication(t);
  });
  afterAll(() => t.close());

  it('offers STARTTLS with the configured certificate, and takes AUTH over it', async () => {
    const sent = await send('127.0.0.1', true);
    expect(sent.code).toBe(250);
    expect(sent.text).toMatch(/^250 2\.0\.0 Accepted <[0-9a-f-]{36}>$/);
  });

  (external ? it : it.skip)(
    'refuses AUTH in the clear off loopback (538), and takes it there over STARTTLS',
    async () => {
      const clear = await send(external!, false);
      expect(clear.code).toBe(538);
      expect(clear.text).toContain('5.7.11');
      expect((await send(external!, true)).code).toBe(250);
    },
  );
});

describe(`SMTP intake without a certificate (${TEST_DATABASE})`, () => {
  it('does not offer STARTTLS', async () => {
    const port = await freePort();
    const t = await createTestApp({ env: { SMTP_PORT: String(port) } });
    const transport = createTransport({ host: '127.0.0.1', port, secure: false, requireTLS: true });
    try {
      await expect(
        transport.sendMail({ from: 'a@example.com', to: 'b@example.org', text: 'x' }),
      ).rejects.toThrow(/STARTTLS/);
    } finally {
      transport.close();
      await t.close();
    }
  });
});
