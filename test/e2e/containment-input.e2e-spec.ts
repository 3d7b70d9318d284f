import request from 'supertest';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { getAbsolute, postEmail } from '../support/previews';
import { isGreen, readPixels } from '../support/pixels';
import { basicAuth, createApplication } from '../support/run-cli';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

/** Hostile requests and emails are answered 4xx in the contract's body, on both databases. */
describe(`containment: input (${TEST_DATABASE})`, () => {
  let t: TestApp;
  let auth: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { EMAIL_MAX_DEPTH: '100', EMAIL_MAX_ELEMENTS: '2000' } });
    auth = basicAuth((await createApplication(t)).api_key);
  });
  afterAll(() => t.close());

  const post = () => request(t.url).post('/v1/emails').set('Authorization', auth);
  const expectError = (response: request.Response, status: number, description: RegExp) => {
    expect(response.status).toBe(status);
    expect(response.body).toMatchObject({
      status,
      description: expect.stringMatching(description),
    });
  };

  it.each([
    ['html_text', { html_text: '<p>a\u0000b</p>' }],
    ['raw_source', { raw_source: 'Subject: x\r\n\r\nbody\u0000' }],
    ['subject', { html_text: '<p>a</p>', subject: 'a\u0000' }],
    [
      'configurations[0].client',
      { html_text: '<p>a</p>', configurations: [{ client: 'O\u0000' }] },
    ],
  ])('refuses a NUL character in %s with a 400 naming the field', async (field, body) => {
    expectError(
      await post().send(body),
      400,
      new RegExp(`'${field.replace(/[[\].]/g, '\\$&')}' must not contain NUL`),
    );
  });

  /** A body sent byte for byte (supertest would serialise a Buffer as JSON). */
  async function postBytes(encoding: string, body: Buffer) {
    const response = await fetch(`${t.url}/v1/emails`, {
      method: 'POST',
      headers: {
        Authorization: auth,
        'Content-Type': 'application/json',
        'Content-Encoding': encoding,
      },
      body: new Uint8Array(body),
    });
    return { status: response.status, body: await response.json() } as request.Response;
  }

  it('accepts gzip and brotli bodies, refuses malformed ones (400) and unknown encodings (415)', async () => {
    const json = Buffer.from(JSON.stringify({ html_text: '<p>compressed</p>' }));
    expect((await postBytes('gzip', gzipSync(json))).status).toBe(200);
    expect((await postBytes('br', brotliCompressSync(json))).status).toBe(200);
    for (const encoding of ['gzip', 'br', 'deflate']) {
      const response = await postBytes(encoding, Buffer.from('this is not compressed at all'));
      expectError(response, 400, /Malformed compressed body/);
    }
    expectError(await postBytes('compress', json), 415, /unsupported content encoding/);
  });

  it('refuses JSON nested 100,000 deep with a 400 before parsing it', async () => {
    const deep = `{"html_text":"<p>a</p>","x":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const response = await post().set('Content-Type', 'application/json').send(deep);
    expectError(response, 400, /nested deeper than 32 levels/);
    const inString = JSON.stringify({ html_text: `<p>${'['.repeat(1000)}</p>` });
    expect((await post().set('Content-Type', 'application/json').send(inString)).status).toBe(200);
  });

  it('refuses raw sources over the MIME limits with a 400', async () => {
    const parts = Array.from({ length: 600 }, () => '--b\r\nContent-Type: text/plain\r\n\r\nx\r\n');
    const many = `Content-Type: multipart/mixed; boundary=b\r\n\r\n${parts.join('')}--b--\r\n`;
    expectError(await post().send({ raw_source: many }), 400, /more than 500 MIME parts/);
    const header = `Subject: ${'a'.repeat(3 * 1024 * 1024)}\r\n\r\nbody`;
    expectError(await post().send({ raw_source: header }), 400, /not a parsable message/);
  });

  it('refuses HTML over the nesting and element limits, naming the limit', async () => {
    const nested = `${'<div>'.repeat(101)}x${'</div>'.repeat(101)}`;
    expectError(await post().send({ html_text: nested }), 400, /nested more than 100 deep/);
    const flood = '<span>a</span>'.repeat(2001);
    expectError(await post().send({ html_text: flood }), 400, /more than 2000 elements/);
    const inRaw = `Content-Type: text/html\r\n\r\n${nested}`;
    expectError(await post().send({ raw_source: inRaw }), 400, /nested more than 100 deep/);
    const within = `${'<div>'.repeat(99)}x${'</div>'.repeat(99)}`;
    expect((await post().send({ html_text: within })).status).toBe(200);
  });

  it.each([
    ['a meta refresh to itself', '<meta http-equiv="refresh" content="0">'],
    [
      'a meta refresh elsewhere',
      '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
    ],
    [
      'a base href and a frame of the document',
      '<base href="https://evil.example/"><iframe src="/"></iframe>',
    ],
  ])('captures the first document despite %s', async (_name, head) => {
    const html = `<!DOCTYPE html><html><head>${head}</head><body style="margin:0">
      <div style="background:#00a000;width:300px;height:200px">first document</div></body></html>`;
    const guid = await postEmail(t, { html_text: html });
    const response = await request(t.url).get(`/v1/emails/${guid}/previews/APPMAIL14`).expect(200);
    const redirect = await getAbsolute(t, response.body.full_url).expect(302);
    const png = (await getAbsolute(t, redirect.headers.location).expect(200)).body as Buffer;
    const pixels = await readPixels(png);
    expect(pixels.count(isGreen)).toBeGreaterThan(300 * 200 * 0.9);
  });
});
