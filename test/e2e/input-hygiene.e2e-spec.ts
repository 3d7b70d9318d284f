import request from 'supertest';
import { getAbsolute, postEmail, SIMPLE_EMAIL } from '../support/previews';
import { basicAuth, createApplication, createBillingKey } from '../support/run-cli';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

const UNKNOWN_GUID = '00000000-0000-4000-8000-000000000000';

describe(`input hygiene and security headers (${TEST_DATABASE})`, () => {
  let t: TestApp;
  let apiKey: string;
  let guid: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { FALLBACK_URL_HOSTS: 'placeholders.intranet' } });
    apiKey = (await createApplication(t)).api_key;
    guid = await postEmail(t, { html_text: SIMPLE_EMAIL }, apiKey);
  });
  afterAll(() => t.close());

  describe('query parameters given twice or in bracket form: 400 naming them, on every endpoint', () => {
    it.each([
      [`/v1/emails/${UNKNOWN_GUID}/previews/OL2019?images[]=blocked`, 'images'],
      [`/v1/emails/${UNKNOWN_GUID}/previews/OL2019?images=allowed&images=blocked`, 'images'],
      [`/v1/emails/${UNKNOWN_GUID}/previews/OL2019/full?fallback=true&fallback=true`, 'fallback'],
      ['/v1/billing/usage?from=2026-10-01&to=2026-10-31&group_by[]=client', 'group_by'],
      ['/v1/billing/usage?group_by[x]=client', 'group_by'],
      ['/v1/clients?x=1&x=2', 'x'],
      ['/oauth/authorize?client_id=a&client_id=b', 'client_id'],
      ['/health/live?a[]=1', 'a'],
    ])('%s', async (path, name) => {
      const response = await request(t.url).get(path).expect(400);
      expect(response.body).toEqual({
        status: 400,
        title: 'Bad Request',
        description: expect.stringContaining(`'${name}'`),
      });
    });

    it('on the capture host too', async () => {
      const response = await getAbsolute(
        t,
        `http://ol2019.capture.${t.config.cdn.domain}/${guid}/results/ol2019-vertical-allowed.json?v=1&v=2`,
      ).expect(400);
      expect(response.body.description).toContain("'v'");
    });
  });

  describe('fallback_url: absolute https on a public host or an allowed one, checked before anything else', () => {
    const refused = [
      'http://cdn.example.com/p.png',
      'https://127.0.0.1/p.png',
      'https://169.254.169.254/latest/meta-data/',
      'https://10.1.2.3/p.png',
      'https://192.168.0.1/p.png',
      'https://[::1]/p.png',
      'https://[::ffff:127.0.0.1]/p.png',
      'https://localhost/p.png',
      'https://ol2019.capture.localhost/p.png',
      'https://printer.local/p.png',
      'https://intranet/p.png',
      'https://user:secret@cdn.example.com/p.png',
      'javascript:alert(1)',
      '/placeholder.png',
      'not a url',
    ];
    it.each(refused)('refuses %s, even for a malformed guid or an unknown client', async (url) => {
      for (const path of [
        `/v1/emails/not-a-guid/previews/NOPE/full`,
        `/v1/emails/${guid}/previews/OL2019/full`,
        `/v1/emails/${guid}/previews/OL2019`,
      ]) {
        const response = await request(t.url)
          .get(`${path}?fallback=true&fallback_url=${encodeURIComponent(url)}`)
          .expect(400);
        expect(response.body.description).toContain("'fallback_url'");
      }
    });

    it('redirects a failure to a public https URL, or to a host FALLBACK_URL_HOSTS allows', async () => {
      for (const url of ['https://cdn.example.com/p.png', 'https://placeholders.intranet/p.png']) {
        const response = await request(t.url)
          .get(
            `/v1/emails/${UNKNOWN_GUID}/previews/OL2019/full?fallback=true&fallback_url=${encodeURIComponent(url)}`,
          )
          .expect(302);
        expect(response.headers.location).toBe(url);
      }
    });
  });

  describe('end_user_id: printable, not blank', () => {
    it.each([
      ['carriage return and line feed', 'a\r\nb'],
      ['an escape sequence', '\u001b[31mred'],
      ['a C1 control', 'a\u0085b'],
      ['a right-to-left override', 'user\u202Egpj.exe'],
      ['an isolate', '\u2067abc\u2069'],
      ['a left-to-right mark', 'a\u200Eb'],
      ['only whitespace', '   \t '],
      // 64 by class-validator's MaxLength, 128 characters in the varchar(64) column
      ['64 letters each with a variation selector', 'a\uFE0F'.repeat(64)],
    ])('refuses %s', async (_name, endUserId) => {
      const response = await request(t.url)
        .post('/v1/emails')
        .set('Authorization', basicAuth(apiKey))
        .send({ html_text: SIMPLE_EMAIL, end_user_id: endUserId })
        .expect(400);
      expect(response.body.description).toContain("'end_user_id'");
    });

    it('accepts any printable text, spaces and emoji included', async () => {
      const endUserId = 'Zoë Ångström 👍 (billing #7)';
      const response = await request(t.url)
        .post('/v1/emails')
        .set('Authorization', basicAuth(apiKey))
        .send({ html_text: SIMPLE_EMAIL, end_user_id: endUserId })
        .expect(200);
      expect(response.body.end_user_id).toBe(endUserId);
    });
  });

  it('escapes CSV cells a spreadsheet would run as formulas', async () => {
    const staffKey = await createBillingKey(t);
    const nasty = ["=cmd|' /C calc'!A0", '+1+1', '-2+3', '@SUM(A1)', 'x;=1+2', 'plain'];
    for (const endUserId of nasty) {
      const email = (
        await request(t.url)
          .post('/v1/emails')
          .set('Authorization', basicAuth(apiKey))
          .send({ html_text: SIMPLE_EMAIL, end_user_id: endUserId })
          .expect(200)
      ).body.email_guid;
      await request(t.url).get(`/v1/emails/${email}/previews/OL2019`).expect(200);
    }
    const today = t.clock.now().toISOString().slice(0, 10);
    const csv = await request(t.url)
      .get(`/v1/billing/usage?from=${today}&to=${today}&group_by=end_user&format=csv`)
      .set('Authorization', basicAuth(staffKey))
      .expect(200);
    const lines = csv.text.trim().split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        `"'=cmd|' /C calc'!A0",1,1`,
        `"'+1+1",1,1`,
        `"'-2+3",1,1`,
        `"'@SUM(A1)",1,1`,
        // Split at a semicolon, as other locales' imports do, and still no formula.
        `"'x;=1+2",1,1`,
        '"plain",1,1',
      ]),
    );
    expect(lines.slice(1).every((line) => line.startsWith('"'))).toBe(true);
  });

  it('sends nosniff and a closed CSP everywhere, and no-store on billing', async () => {
    const responses = [
      await request(t.url).get('/v1/clients').expect(200),
      await request(t.url).get('/health/live').expect(200),
      await request(t.url).get('/placeholder.png'),
      await request(t.url).get(`/v1/emails/${UNKNOWN_GUID}/previews/OL2019`).expect(404),
      await request(t.url).get('/v1/billing/usage?from=2026-10-01&to=2026-10-31').expect(401),
      await getAbsolute(
        t,
        `http://ol2019.capture.${t.config.cdn.domain}/${guid}/results/ol2019-vertical-allowed.json`,
      ),
    ];
    for (const response of responses) {
      expect([response.status, response.headers['x-content-type-options']]).toEqual([
        response.status,
        'nosniff',
      ]);
      expect(response.headers['content-security-policy']).toContain("default-src 'none'");
      // Preview images go into <img src> on integrators' pages.
      expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    }
  });
});
