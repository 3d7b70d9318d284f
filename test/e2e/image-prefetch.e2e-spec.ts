import request from 'supertest';
import { Email } from '../../src/domain/emails/email.entity';
import { EmailsService } from '../../src/domain/emails/emails.service';
import { Storage } from '../../src/platform/storage/storage';
import { startImageServer, ImageServer } from '../support/image-server';
import { basicAuth, createApplication } from '../support/run-cli';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

async function createEmail(t: TestApp, html: string): Promise<Email> {
  const issued = await createApplication(t);
  const response = await request(t.url)
    .post('/v1/emails')
    .set('Authorization', basicAuth(issued.api_key))
    .send({ html_text: html })
    .expect(200);
  return (await t.get(EmailsService).findById(response.body.email_guid)) as Email;
}

describe(`image prefetch at creation (${TEST_DATABASE})`, () => {
  let images: ImageServer;
  beforeAll(async () => (images = await startImageServer()));
  afterAll(() => images.close());

  describe('with ALLOW_PRIVATE_IMAGE_HOSTS=true', () => {
    let t: TestApp;
    beforeAll(
      async () =>
        (t = await createTestApp({
          env: { ALLOW_PRIVATE_IMAGE_HOSTS: 'true', IMAGE_FETCH_MAX_BYTES: '100kb' },
        })),
    );
    afterAll(() => t.close());

    it('downloads every referenced image once and stores a copy', async () => {
      images.requests.length = 0;
      const html = `
        <style>.hero { background-image: url('${images.url}/blue.png'); }</style>
        <table background="${images.url}/blue.png"><tr><td style="background: url(${images.url}/red.png?bg)">
          <img src="${images.url}/red.png" alt="red">
          <img src="${images.url}/red.png" alt="same again">
          <img srcset="${images.url}/red.png?2x 2x">
        </td></tr></table>`;
      const email = await createEmail(t, html);
      const stored = email.images.filter((image) => image.status === 'stored');
      expect(stored.map((image) => image.url).sort()).toEqual(
        [
          `${images.url}/blue.png`,
          `${images.url}/red.png`,
          `${images.url}/red.png?2x`,
          `${images.url}/red.png?bg`,
        ].sort(),
      );
      expect(images.requests.sort()).toEqual([
        '/blue.png',
        '/red.png',
        '/red.png?2x',
        '/red.png?bg',
      ]);
      const copy = await t.get(Storage).get(stored[0].key!);
      expect(copy?.subarray(1, 4).toString()).toBe('PNG');
      expect(stored[0].content_type).toBe('image/png');
    });

    it('records failures as missing without failing the email', async () => {
      const html = `<img src="${images.url}/nope.png"><img src="${images.url}/page.html"><img src="${images.url}/big.png">`;
      const email = await createEmail(t, html);
      const reasons = Object.fromEntries(
        email.images.map((image) => [image.url.replace(images.url, ''), image.reason]),
      );
      expect(email.images.every((image) => image.status === 'missing')).toBe(true);
      expect(reasons['/nope.png']).toBe('HTTP 404');
      expect(reasons['/page.html']).toMatch(/not an image/);
      expect(reasons['/big.png']).toMatch(/larger than/);
    });

    it('follows redirects to an allowed host', async () => {
      const email = await createEmail(t, `<img src="${images.url}/redirect?to=/red.png">`);
      expect(email.images[0]).toMatchObject({ status: 'stored', content_type: 'image/png' });
    });

    it('still refuses the cloud metadata address', async () => {
      const email = await createEmail(t, `<img src="http://169.254.169.254/latest/meta-data">`);
      expect(email.images[0]).toMatchObject({
        status: 'missing',
        reason: 'private address refused',
      });
    });
  });

  describe('with ALLOW_PRIVATE_IMAGE_HOSTS=false (the default)', () => {
    let t: TestApp;
    // 127.0.0.1 is explicitly allowed here only so that the redirect cases have a first hop.
    beforeAll(
      async () => (t = await createTestApp({ env: { IMAGE_FETCH_ALLOW_IPS: '127.0.0.1' } })),
    );
    afterAll(() => t.close());

    it('refuses a redirect to a private, loopback or metadata address', async () => {
      images.requests.length = 0;
      const port = new URL(images.url).port;
      const targets = [
        'http://10.0.0.1/a.png',
        'http://169.254.169.254/latest',
        `http://127.0.0.2:${port}/red.png`,
      ];
      const html = targets
        .map((to) => `<img src="${images.url}/redirect?to=${encodeURIComponent(to)}">`)
        .join('');
      const email = await createEmail(t, html);
      for (const image of email.images) {
        expect(image).toMatchObject({
          status: 'missing',
          reason: 'private address refused',
        });
      }
      expect(images.requests.every((path) => path.startsWith('/redirect'))).toBe(true);
    });
  });

  describe('with no private address allowed', () => {
    let t: TestApp;
    beforeAll(async () => (t = await createTestApp()));
    afterAll(() => t.close());

    it('refuses loopback, private and link-local addresses before connecting', async () => {
      images.requests.length = 0;
      const email = await createEmail(
        t,
        `<img src="${images.url}/red.png"><img src="http://localhost:${new URL(images.url).port}/red.png">
         <img src="http://10.0.0.1/a.png"><img src="http://169.254.169.254/latest/meta-data">
         <img src="http://[::1]:${new URL(images.url).port}/red.png">`,
      );
      expect(email.images).toHaveLength(5);
      for (const image of email.images) {
        expect(image).toMatchObject({
          status: 'missing',
          reason: 'private address refused',
        });
      }
      expect(images.requests).toEqual([]);
    });

    it("says 'private address refused' in the capture's public report, never the address its host resolved to", async () => {
      // *.localhost resolves to loopback: the report must not tell a key holder so.
      const port = new URL(images.url).port;
      const email = await createEmail(t, `<img src="http://a.b.localhost:${port}/red.png">`);
      expect(email.images[0]).toMatchObject({
        status: 'missing',
        reason: 'private address refused',
      });
      await request(t.url).get(`/v1/emails/${email.id}/previews/OL2019`).expect(200);
      const report = await request(t.url)
        .get(`/v1/emails/${email.id}/previews/OL2019/report`)
        .expect(200);
      expect(report.body.entries).toContainEqual(
        expect.objectContaining({ title: 'Image missing: private address refused' }),
      );
      expect(JSON.stringify(report.body)).not.toMatch(/::1|127\.0\.0\.1|DNS lookup/);
    });
  });
});
