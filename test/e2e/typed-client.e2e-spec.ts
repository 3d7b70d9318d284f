import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createInstantPreviewClient } from '../../clients/typescript/src';
import { readPixels } from '../support/pixels';
import { getAbsolute, SIMPLE_EMAIL } from '../support/previews';
import { createApplication } from '../support/run-cli';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

const CLIENT = join(__dirname, '../../clients/typescript');
/** `UPDATE_CLIENT=1` writes the client from the served document instead of comparing. */
const UPDATE = process.env.UPDATE_CLIENT === '1';

/** Types by openapi-typescript's own command (its library is ES modules only, past Jest). */
function generatedTypes(document: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'openapi-'));
  try {
    writeFileSync(join(dir, 'openapi.json'), document);
    const command = join(__dirname, '../../node_modules/.bin/openapi-typescript');
    execFileSync(
      command,
      ['openapi.json', '--default-non-nullable', 'false', '--output', 'schema.ts'],
      { cwd: dir, stdio: 'pipe' },
    );
    return readFileSync(join(dir, 'schema.ts'), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The served document with what depends on where this test app listens put back to the
 * defaults (`PORT` 3000): the committed copy is the document a default install serves.
 */
function asCommitted(document: Record<string, unknown>, url: string): string {
  const port = new URL(url).port;
  return `${JSON.stringify(document, null, 2).replaceAll(`localhost:${port}`, 'localhost:3000')}\n`;
}

describe(`The typed TypeScript client (${TEST_DATABASE})`, () => {
  let t: TestApp;
  let apiKey: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { EMAILS_PER_MINUTE: '8', WEBHOOK_ALLOW_HOSTS: 'hooks.test' } });
    apiKey = (await createApplication(t)).api_key;
  });
  afterAll(() => t.close());

  it('is generated from the document the app serves (openapi-typescript): no drift', async () => {
    const served = (await request(t.url).get('/v1/openapi.json').expect(200)).body;
    const document = asCommitted(served, t.url);
    const schema = generatedTypes(document);
    const files = { 'openapi.json': document, 'src/schema.ts': schema };
    for (const [name, generated] of Object.entries(files)) {
      const path = join(CLIENT, name);
      if (UPDATE) writeFileSync(path, generated);
      // On drift: `npm run client:generate`, then commit clients/typescript.
      expect({ name, current: readFileSync(path, 'utf8') === generated }).toEqual({
        name,
        current: true,
      });
    }
  });

  it('an integrator walks through the API with it: every answer and error typed', async () => {
    const api = createInstantPreviewClient({ baseUrl: t.url, apiKey });
    const html_text = SIMPLE_EMAIL;

    // Create, retried with the same Idempotency-Key: the first answer again, replayed.
    const key = `walk-${Date.now()}`;
    const body = { html_text, end_user_id: 'reader-1' };
    const created = await api.POST('/v1/emails', {
      body,
      params: { header: { 'Idempotency-Key': key } },
    });
    expect(created.response.status).toBe(200);
    const guid = created.data!.email_guid;
    const retried = await api.POST('/v1/emails', {
      body,
      params: { header: { 'Idempotency-Key': key } },
    });
    expect(retried.data!.email_guid).toBe(guid);
    expect(retried.response.headers.get('Idempotent-Replayed')).toBe('true');

    // A preview: its JSON names the images, which are real PNGs.
    const preview = await api.GET('/v1/emails/{guid}/previews/{client}', {
      params: { path: { guid, client: 'OL2019' } },
    });
    expect(preview.response.status).toBe(200);
    // The capture host's name is this test server's: asked for by its Host header.
    const stored = await getAbsolute(t, preview.data!.full_url).expect(302);
    const png = await getAbsolute(t, stored.headers.location).buffer(true).expect(200);
    expect((await readPixels(png.body as Buffer)).width).toBeGreaterThan(0);

    const checks = await api.GET('/v1/emails/{guid}/checks', {
      params: { path: { guid } },
    });
    expect(checks.data!.checks.length).toBeGreaterThan(0);

    const head = await api.POST('/v1/emails', {
      body: { html_text: html_text.replace('</body>', '<p>P.S.</p></body>') },
    });
    const comparison = await api.POST('/v1/comparisons', {
      body: { base_email_guid: guid, head_email_guid: head.data!.email_guid, clients: ['OL2019'] },
    });
    expect(comparison.data!.results[0].client).toBe('OL2019');
    expect(comparison.data!.results[0].changed_pixels).toBeGreaterThan(0);

    const hook = await api.POST('/v1/webhooks', {
      body: { url: 'https://hooks.test/instant-preview', events: ['capture.completed'] },
    });
    expect(hook.data!.secret).toMatch(/^whsec_/);
    const hooks = await api.GET('/v1/webhooks');
    expect(hooks.data!.map((each) => each.id)).toContain(hook.data!.id);

    // Erasure: the email's preview answers 404 afterwards, in the contract's error body.
    const erased = await api.DELETE('/v1/emails/{guid}', {
      params: { path: { guid } },
    });
    expect(erased.data).toEqual({ email_guid: guid, captures_erased: 1 });
    const gone = await api.GET('/v1/emails/{guid}/previews/{client}', {
      params: { path: { guid, client: 'OL2019' } },
    });
    expect(gone.error).toMatchObject({ status: 404, title: 'Not Found' });

    // A 400 and a 429, read as typed errors.
    const invalid = await api.POST('/v1/emails', {
      body: { html_text, configurations: [{ client: 'NO-SUCH-CLIENT' }] },
    });
    expect(invalid.data).toBeUndefined();
    expect(invalid.error).toEqual({
      status: 400,
      title: 'Bad Request',
      description: expect.any(String),
    });
    let throttled = await api.POST('/v1/emails', { body: { html_text } });
    while (throttled.response.status === 200) {
      throttled = await api.POST('/v1/emails', { body: { html_text } });
    }
    const retryAfter = throttled.response.headers.get('Retry-After');
    expect(throttled.error).toEqual({
      status: 429,
      title: 'Too Many Requests',
      description: expect.stringContaining(`try again in ${retryAfter} s`),
    });
    expect(throttled.response.headers.get('RateLimit')).toContain(`"emails";r=0;t=${retryAfter}`);
  });
});
