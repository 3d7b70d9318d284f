import request from 'supertest';
import { basicAuth, createApplication } from '../support/run-cli';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

/** A GIF cut short (header and image descriptor, no data): common in real mail. */
const TRUNCATED_GIF = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';

describe(`settling a page is bounded in every engine (${TEST_DATABASE})`, () => {
  let t: TestApp;
  let apiKey: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ api_key: apiKey } = await createApplication(t));
  });
  afterAll(() => t.close());

  it.each(['IPHONE13', 'APPMAIL15', 'OUTLOOKMAC', 'GMAILNEW', 'THUNDERBIRDLATEST'])(
    'answers 200 in %s for an email with an image that never decodes (a truncated GIF)',
    async (client) => {
      const posted = await request(t.url)
        .post('/v1/emails')
        .set('Authorization', basicAuth(apiKey))
        .send({
          html_text: `<p>Before</p><img src="${TRUNCATED_GIF}" width="40" height="40"><p>After</p>`,
        })
        .expect(200);
      const answer = await request(t.url).get(
        `/v1/emails/${posted.body.email_guid}/previews/${client}`,
      );
      expect({ status: answer.status, body: answer.body }).toMatchObject({ status: 200 });
      expect(answer.body.full_url).toContain(client.toLowerCase());
    },
    60_000,
  );
});
