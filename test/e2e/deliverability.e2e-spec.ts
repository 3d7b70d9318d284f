import request from 'supertest';
import { postEmail } from '../support/previews';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

/** SpamAssassin's own test pattern (GTUBE): any SpamAssassin scores it as spam. */
const GTUBE = 'XJS*C4JDBQADN1.NSBN3*2IDNEN*GTUBE-STANDARD-ANTI-UBE-TEST-EMAIL*C.34X';

const message = (subject: string, body: string) =>
  [
    'From: "Acme Receipts" <receipts@acme.example>',
    'To: sam@example.com',
    `Subject: ${subject}`,
    'Date: Thu, 26 Nov 2026 10:00:00 +0000',
    'Message-ID: <receipt-1@acme.example>',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    body,
    '',
  ].join('\r\n');

interface Answer {
  spam: {
    score: number;
    threshold: number;
    is_spam: boolean;
    rules: { name: string; score: number; description: string }[];
  };
  message: string;
}

describe(`GET /v1/emails/<guid>/deliverability (${TEST_DATABASE})`, () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(async () => t?.close());

  const deliverability = (guid: string) => request(t.url).get(`/v1/emails/${guid}/deliverability`);

  it('scores a spammy message above the threshold, with the rules it hit; a clean receipt below', async () => {
    const spammy = await postEmail(t, { raw_source: message('You won', `Claim now!\r\n${GTUBE}`) });
    const answer = (await deliverability(spammy).expect(200)).body as Answer;
    expect(answer.spam.is_spam).toBe(true);
    expect(answer.spam.score).toBeGreaterThan(answer.spam.threshold);
    expect(answer.spam.threshold).toBe(5);
    expect(answer.spam.rules).toContainEqual({
      name: 'GTUBE',
      score: 1000,
      description: expect.stringContaining('Generic Test for Unsolicited Bulk Email'),
    });
    expect(answer.message).toBe('the raw_source as uploaded');

    const clean = await postEmail(t, {
      raw_source: message(
        'Your receipt for order 1042',
        'Thank you for your order 1042.\r\nTotal: 12.00 EUR\r\n',
      ),
    });
    const receipt = (await deliverability(clean).expect(200)).body as Answer;
    expect(receipt.spam.is_spam).toBe(false);
    expect(receipt.spam.score).toBeLessThan(receipt.spam.threshold);
    for (const rule of receipt.spam.rules) expect(rule.name).toMatch(/^[A-Z0-9_]+$/);
  });

  it('scores an html_text email as the message the service builds from it, and says so', async () => {
    const guid = await postEmail(t, { html_text: `<p>Hello</p><p>${GTUBE}</p>` });
    const answer = (await deliverability(guid).expect(200)).body as Answer;
    expect(answer.message).toMatch(/^a MIME message built by the service from html_text/);
    expect(answer.spam.rules.map((rule) => rule.name)).toContain('GTUBE');
  });

  it('answers 404 for an unknown email, 400 for a malformed guid, with the error body', async () => {
    const unknown = await deliverability('00000000-0000-4000-8000-000000000000').expect(404);
    expect(unknown.body).toMatchObject({ status: 404, title: 'Not Found' });
    await deliverability('not-a-guid').expect(400);
  });
});

describe(`deliverability without spamd (${TEST_DATABASE})`, () => {
  it('answers 503 with Retry-After and the reason, never a made-up score', async () => {
    const t = await createTestApp({ env: { SPAMD_PATH: '/nonexistent/spamd' } });
    try {
      const guid = await postEmail(t, { html_text: '<p>Hello</p>' });
      const response = await request(t.url).get(`/v1/emails/${guid}/deliverability`).expect(503);
      expect(response.headers['retry-after']).toBe('30');
      expect(response.body).toEqual({
        status: 503,
        title: 'Service Unavailable',
        description:
          'Spam scoring is unavailable: spamd is not installed at /nonexistent/spamd (SPAMD_PATH)',
      });
    } finally {
      await t.close();
    }
  });
});
