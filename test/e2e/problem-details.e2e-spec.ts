import request from 'supertest';
import { basicAuth, createApplication } from '../support/run-cli';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

const PROBLEM = 'application/problem+json';

describe(`errors as RFC 9457 problem details when asked for (${TEST_DATABASE})`, () => {
  let t: TestApp;
  let auth: string;
  beforeAll(async () => {
    t = await createTestApp();
    auth = basicAuth((await createApplication(t)).api_key);
  });
  afterAll(() => t.close());

  it('answers problem+json from the guards, the body parser, validation and unknown routes', async () => {
    const unauthenticated = await request(t.url)
      .post('/v1/emails')
      .set('Accept', PROBLEM)
      .send({ html_text: '<p>x</p>' })
      .expect(401);
    expect(unauthenticated.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(unauthenticated.headers['www-authenticate']).toBeDefined();
    expect(unauthenticated.body).toEqual({
      type: 'about:blank',
      title: 'Unauthorized',
      status: 401,
      detail: expect.any(String),
    });
    const malformed = await request(t.url)
      .post('/v1/emails')
      .set('Accept', PROBLEM)
      .set('Authorization', auth)
      .set('Content-Type', 'application/json')
      .send('{"html_text":')
      .expect(400);
    expect(malformed.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(malformed.body).toMatchObject({
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
    });
    expect(malformed.body.detail).toContain('Malformed JSON body');
    const invalid = await request(t.url)
      .post('/v1/emails')
      .set('Accept', `${PROBLEM}, application/json;q=0.5`)
      .set('Authorization', auth)
      .send({ html_text: 42 })
      .expect(400);
    expect(invalid.body).toMatchObject({
      status: 400,
      detail: expect.stringContaining('html_text'),
    });
    const unknown = await request(t.url).get('/v1/nothing-here').set('Accept', PROBLEM).expect(404);
    expect(unknown.body).toMatchObject({ type: 'about:blank', title: 'Not Found', status: 404 });
  });

  it("keeps the contract's body otherwise, and successes and OAuth's own errors as they are", async () => {
    for (const accept of [undefined, '*/*', `application/json, ${PROBLEM};q=0.5`]) {
      const call = request(t.url).post('/v1/emails').send({ html_text: '<p>x</p>' });
      const answer = await (accept ? call.set('Accept', accept) : call).expect(401);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.body).toEqual({
        status: 401,
        title: 'Unauthorized',
        description: expect.any(String),
      });
    }
    const created = await request(t.url)
      .post('/v1/emails')
      .set('Accept', PROBLEM)
      .set('Authorization', auth)
      .send({ html_text: '<p>x</p>' })
      .expect(200);
    expect(created.body.email_guid).toEqual(expect.any(String));
    const token = await request(t.url)
      .post('/oauth/token')
      .set('Accept', PROBLEM)
      .type('form')
      .send({ grant_type: 'authorization_code', code: 'nope', client_id: 'nobody' })
      .expect((response) => expect(response.status).toBeGreaterThanOrEqual(400));
    expect(token.body.error).toEqual(expect.any(String));
    expect(token.body.type).toBeUndefined();
  });
});
