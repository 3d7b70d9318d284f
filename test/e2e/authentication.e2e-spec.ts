import request from 'supertest';
import { characterStrings, dkimKey, dkimSigned } from '../support/dkim';
import { LocalDns, startDnsServer, startSilentDns } from '../support/dns-server';
import { postEmail } from '../support/previews';
import { basicAuth, createApplication } from '../support/run-cli';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

const KEY = dkimKey();

/** acme.test's DNS: the DKIM key of selector s1, an SPF record, DMARC p=reject, a BIMI logo. */
const ZONE = {
  // A 2048-bit key is longer than one character string (255): split, as published records are.
  's1._domainkey.acme.test': [characterStrings(KEY.record)],
  'acme.test': [['v=spf1 ip4:192.0.2.10 -all']],
  '_dmarc.acme.test': [['v=DMARC1; p=reject; rua=mailto:dmarc@acme.test']],
  'default._bimi.acme.test': [['v=BIMI1; l=https://acme.test/bimi/logo.svg; a=']],
};

const MESSAGE = [
  'From: "Acme Receipts" <receipts@acme.test>',
  'To: sam@example.com',
  'Subject: Your receipt for order 1042',
  'Date: Thu, 26 Nov 2026 10:00:00 +0000',
  'Message-ID: <receipt-1042@acme.test>',
  'MIME-Version: 1.0',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'Thank you for your order 1042.',
  'Total: 12.00 EUR',
  '',
].join('\r\n');

const signed = (message: string) =>
  dkimSigned(message, { domain: 'acme.test', selector: 's1', privateKey: KEY.privateKey });

interface Verdict {
  result: string;
  reason?: string;
}
interface Authentication {
  dkim: Verdict & {
    signatures: (Verdict & { domain: string; selector: string; aligned: boolean })[];
  };
  spf: Verdict & { client_ip?: string };
  dmarc: Verdict & { policy?: string; alignment?: { dkim: string | null; spf: string | null } };
  arc: Verdict;
  bimi: Verdict & { logo_url?: string };
  dns_servers: string[];
  kept: boolean;
}

describe(`authentication in GET /v1/emails/<guid>/deliverability (${TEST_DATABASE})`, () => {
  let t: TestApp;
  let dns: LocalDns;
  beforeAll(async () => {
    dns = await startDnsServer(ZONE);
    t = await createTestApp({ env: { DNS_SERVERS: dns.server } });
  });
  afterAll(async () => {
    await t?.close();
    await dns?.close();
  });

  const authentication = async (guid: string) =>
    (await request(t.url).get(`/v1/emails/${guid}/deliverability`).expect(200)).body
      .authentication as Authentication;

  it('passes DKIM and DMARC for a message signed with the published key, SPF with the envelope given; kept, so a second read asks no DNS', async () => {
    const guid = await postEmail(t, {
      raw_source: await signed(MESSAGE),
      sending_ip: '192.0.2.10',
      helo: 'mail.acme.test',
    });
    const found = await authentication(guid);
    expect(found.dns_servers).toEqual([dns.server]);
    expect(found.dkim.result).toBe('pass');
    expect(found.dkim.signatures).toEqual([
      expect.objectContaining({
        domain: 'acme.test',
        selector: 's1',
        result: 'pass',
        aligned: true,
      }),
    ]);
    expect(found.dmarc).toMatchObject({
      result: 'pass',
      policy: 'reject',
      alignment: { dkim: 'acme.test', spf: 'acme.test' },
    });
    expect(found.spf).toMatchObject({ result: 'pass', client_ip: '192.0.2.10' });
    expect(found.bimi).toMatchObject({
      result: 'pass',
      logo_url: 'https://acme.test/bimi/logo.svg',
    });
    expect(found.arc.result).toBe('none');
    expect(found.kept).toBe(true);

    const asked = dns.queries.length;
    expect(await authentication(guid)).toEqual(found);
    expect(dns.queries).toHaveLength(asked);
  });

  it('fails DKIM, with the reason, for the message altered after signing; DMARC fails with it', async () => {
    const altered = (await signed(MESSAGE)).replace('Total: 12.00 EUR', 'Total: 1.00 EUR');
    const found = await authentication(await postEmail(t, { raw_source: altered }));
    expect(found.dkim.result).toBe('fail');
    expect(found.dkim.signatures[0]).toMatchObject({
      domain: 'acme.test',
      result: 'fail',
      reason: 'body hash did not verify',
    });
    expect(found.dmarc).toMatchObject({ result: 'fail', policy: 'reject' });
    expect(found.bimi.result).toBe('skipped');
  });

  it('says plainly that an unsigned message carries no signature, and that SPF needs the envelope', async () => {
    const found = await authentication(await postEmail(t, { raw_source: MESSAGE }));
    expect(found.dkim).toEqual({
      result: 'none',
      reason: 'the message carries no DKIM signature',
      signatures: [],
    });
    expect(found.spf.result).toBe('none');
    expect(found.spf.reason).toMatch(/give sending_ip and helo at upload/);
    expect(found.dmarc.result).toBe('fail');
  });

  it("reads BIMI for a list that shows logos: the record's logo, drawn or why not", async () => {
    const signedGuid = await postEmail(t, { raw_source: await signed(MESSAGE) });
    const view = async (guid: string, client: string) =>
      (await request(t.url).get(`/v1/emails/${guid}/inbox/${client}`).expect(200)).body as {
        row: {
          avatar: string;
          bimi: { result: string; logo_url?: string; drawn: boolean; reason?: string } | null;
        };
      };
    const app = await view(signedGuid, 'ANDROID14GMAILAPP');
    // acme.test's web server does not exist: the logo is not drawn, and the answer says why.
    expect(app.row.bimi).toEqual({
      result: 'pass',
      logo_url: 'https://acme.test/bimi/logo.svg',
      drawn: false,
      reason: expect.stringMatching(/^the logo could not be used: /),
    });
    expect(app.row.avatar).toBe('initials');
    // Gmail on the web shows no avatar in its list: BIMI is not read for it.
    expect((await view(signedGuid, 'GMAILNEW')).row.bimi).toBeNull();
    const html = await postEmail(t, { html_text: '<p>Hi</p>', from_address: 'receipts@acme.test' });
    expect((await view(html, 'ANDROID14GMAILAPP')).row.bimi).toMatchObject({
      result: 'none',
      drawn: false,
    });
  });

  it('refuses an envelope that SPF cannot use, with the error body', async () => {
    const refused = async (body: object, message: RegExp) => {
      const response = await request(t.url)
        .post('/v1/emails')
        .set('Authorization', basicAuth((await createApplication(t)).api_key))
        .send({ raw_source: MESSAGE, ...body })
        .expect(400);
      expect(response.body).toMatchObject({
        status: 400,
        description: expect.stringMatching(message),
      });
    };
    await refused({ sending_ip: '192.0.2.10' }, /'sending_ip' and 'helo' must be given together/);
    await refused(
      { sending_ip: '300.1.1.1', helo: 'a.test' },
      /'sending_ip' must be an IPv4 or IPv6/,
    );
    await refused({ sending_ip: '192.0.2.1', helo: 'not a host' }, /'helo' must be a host name/);
    await refused({ sending_ip: '192.0.2.1', helo: 'a.test', mail_from: 'nope' }, /'mail_from'/);
  });
});

describe(`authentication when the resolver does not answer (${TEST_DATABASE})`, () => {
  it('answers in bounded time with temperror and the reason, and keeps nothing', async () => {
    const silent = await startSilentDns();
    const t = await createTestApp({ env: { DNS_SERVERS: silent.server, DNS_TIMEOUT_MS: '200' } });
    try {
      const guid = await postEmail(t, { raw_source: await signed(MESSAGE) });
      const found = (await request(t.url).get(`/v1/emails/${guid}/deliverability`).expect(200)).body
        .authentication as Authentication;
      expect(found.dkim.signatures[0]).toMatchObject({ domain: 'acme.test', result: 'temperror' });
      expect(found.dkim.signatures[0].reason).toMatch(/timeout|timed out|ETIMEOUT/i);
      expect(found.dmarc.result).toBe('temperror');
      expect(found.kept).toBe(false);
    } finally {
      await t.close();
      await silent.close();
    }
  });
});
