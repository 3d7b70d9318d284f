import request from 'supertest';
import { ClientAliases } from '../../src/rendering/catalog/client-aliases';
import { SIMPLE_EMAIL } from '../support/previews';
import { basicAuth, createApplication } from '../support/run-cli';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

const DAY_MS = 86_400_000;

describe(`Retired client codes answered through aliases (${TEST_DATABASE})`, () => {
  let t: TestApp;
  let auth: string;
  let guid: string;
  const deprecated = new Date(Date.now() - 10 * DAY_MS);
  const sunset = new Date(deprecated.getTime() + 100 * DAY_MS);
  // A catalogue's data as a retirement would leave it: OUTLOOK16 now drawn as OL2016.
  const retired = {
    OUTLOOK16: {
      successor: 'OL2016',
      deprecated: deprecated.toISOString(),
      sunset: sunset.toISOString(),
    },
  };

  beforeAll(async () => {
    t = await createTestApp({ providers: [[ClientAliases, new ClientAliases(retired)]] });
    auth = basicAuth((await createApplication(t)).api_key);
    const created = await request(t.url)
      .post('/v1/emails')
      .set('Authorization', auth)
      .send({ html_text: SIMPLE_EMAIL })
      .expect(200);
    guid = created.body.email_guid;
  });
  afterAll(() => t.close());

  const announced = (response: request.Response) => {
    expect(response.headers['deprecation']).toBe(`@${Math.floor(deprecated.getTime() / 1000)}`);
    expect(response.headers['sunset']).toBe(sunset.toUTCString());
    expect(response.headers['link']).toContain(
      `<${t.config.publicUrl}/v1/clients/OL2016/fidelity>; rel="successor-version"`,
    );
  };

  it('a preview by the retired code is its successor’s, and the answer says it is deprecated', async () => {
    const preview = await request(t.url).get(`/v1/emails/${guid}/previews/OUTLOOK16`).expect(200);
    announced(preview);
    expect(preview.body.full_url).toContain('ol2016-vertical-allowed');
    const current = await request(t.url).get(`/v1/emails/${guid}/previews/OL2016`);
    expect(current.status).toBeLessThan(400);
    expect(current.headers['deprecation']).toBeUndefined();
    expect(current.headers['sunset']).toBeUndefined();
  });

  it('in an upload’s configurations, a comparison’s clients and the fidelity record alike', async () => {
    const upload = await request(t.url)
      .post('/v1/emails')
      .set('Authorization', auth)
      .send({ html_text: SIMPLE_EMAIL, configurations: [{ client: 'outlook16' }] })
      .expect(200);
    announced(upload);
    expect(upload.body.configurations).toEqual([
      { client: 'OL2016', images: 'allowed', orientation: 'vertical' },
    ]);
    const comparison = await request(t.url)
      .post('/v1/comparisons')
      .set('Authorization', auth)
      .send({
        base_email_guid: guid,
        head_email_guid: upload.body.email_guid,
        clients: ['OUTLOOK16'],
      })
      .expect(200);
    announced(comparison);
    expect(comparison.body.results.map((result: { client: string }) => result.client)).toEqual([
      'OL2016',
    ]);
    announced(await request(t.url).get('/v1/clients/OUTLOOK16/fidelity').expect(200));
  });

  it('past its sunset the code is unknown, like any other', async () => {
    t.clock.set(new Date(sunset.getTime() + 1000));
    const refused = await request(t.url).get(`/v1/emails/${guid}/previews/OUTLOOK16`).expect(400);
    expect(refused.body).toEqual({
      status: 400,
      title: 'Bad Request',
      description: "'client' must be valid, see /clients",
    });
    expect(refused.headers['deprecation']).toBeUndefined();
  });
});
