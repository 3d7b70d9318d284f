import SwaggerParser from '@apidevtools/swagger-parser';
import type { Express } from 'express';
import { chromium } from 'playwright-core';
import request from 'supertest';
import { resolveChromiumPath } from '../../src/rendering/engine/chromium/chromium-path';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

type Document = {
  openapi: string;
  paths: Record<string, Record<string, unknown>>;
};

/** Every route Express holds, as `METHOD /openapi/{path}`; Swagger's own routes left out. */
function appRoutes(t: TestApp): string[] {
  const express = t.app.getHttpAdapter().getInstance() as Express & {
    router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] };
  };
  const routes: string[] = [];
  for (const layer of express.router.stack) {
    if (!layer.route) continue;
    // Route-scoped middleware (nestjs-pino's) is mounted with router.all: not an endpoint.
    if (Object.keys(layer.route.methods).length > 20) continue;
    const path = layer.route.path.replace(/[:*](\w+)/g, '{$1}');
    // Swagger's own routes, the playground's and the console's pages and files, and
    // Prometheus's /metrics.
    if (path.startsWith('/docs') || path === '/v1/openapi.json') continue;
    if (path === '/' || path.startsWith('/playground/') || path === '/metrics') continue;
    if (path === '/admin' || path.startsWith('/admin/')) continue;
    for (const method of Object.keys(layer.route.methods))
      routes.push(`${method.toUpperCase()} ${path}`);
  }
  return routes;
}

describe(`OpenAPI document and Swagger UI (${TEST_DATABASE})`, () => {
  let t: TestApp;
  let document: Document;
  beforeAll(async () => {
    t = await createTestApp();
    document = (await request(t.url).get('/v1/openapi.json').expect(200)).body as Document;
  });
  afterAll(() => t.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it('describes every route of the app, and the capture host', () => {
    const routes = appRoutes(t);
    expect(routes.length).toBeGreaterThan(15);
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((key) => ['get', 'post', 'put', 'patch', 'delete'].includes(key))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    for (const route of routes) expect(documented).toContain(route);
    expect(documented).toContain('GET /{email_guid}/results/{file}');
    expect(documented).toEqual(
      expect.arrayContaining([
        'POST /v1/emails',
        'GET /v1/emails/{guid}/previews/{client}',
        'GET /v1/emails/{guid}/previews/{client}/report',
        'POST /oauth/token',
        'GET /v1/billing/usage',
      ]),
    );
  });

  it('describes the request bodies from the DTOs and the security of each endpoint', () => {
    const schemas = (
      document as unknown as {
        components: { schemas: Record<string, { properties: Record<string, unknown> }> };
      }
    ).components.schemas;
    expect(Object.keys(schemas.CreateEmailDto.properties)).toEqual(
      expect.arrayContaining(['html_text', 'raw_source', 'end_user_id', 'configurations']),
    );
    const post = document.paths['/v1/emails'].post as {
      security: Record<string, unknown>[];
      responses: Record<string, { content: Record<string, unknown> }>;
      parameters: { name: string; in: string }[];
    };
    expect(post.security).toEqual(expect.arrayContaining([{ api_key: [] }, { oauth: [] }]));
    // Errors in either form; creates retried safely under an Idempotency-Key.
    expect(Object.keys(post.responses['400'].content)).toEqual([
      'application/json',
      'application/problem+json',
    ]);
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['409', '422']));
    expect(post.parameters).toContainEqual(
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }),
    );
    expect(document.paths['/v1/emails/{guid}'].delete).toBeDefined();
    expect(document.paths['/v1/end-users/{end_user_id}'].delete).toBeDefined();
    const preview = document.paths['/v1/emails/{guid}/previews/{client}'].get as {
      security?: unknown[];
    };
    expect(preview.security).toEqual([]); // public: the guid is the capability
  });

  it('says security: [] only of routes that answer without credentials', async () => {
    const guid = '00000000-0000-4000-8000-000000000000';
    const publicGets = Object.entries(document.paths)
      .filter(
        ([, item]) => (item.get as { security?: unknown[] } | undefined)?.security?.length === 0,
      )
      .map(([path]) => path);
    expect(publicGets).toEqual(expect.arrayContaining(['/v1/clients', '/health/live']));
    for (const path of publicGets.filter((each) => !each.startsWith('/{email_guid}'))) {
      const url = path
        .replace('{guid}', guid)
        .replace('{client}', 'OL2019')
        .replace('{code}', 'OL2019')
        .replace(/\{\w+\}/g, 'x');
      const answer = await request(t.url).get(url).redirects(0);
      expect({ path, status: answer.status }).not.toEqual({ path, status: 401 });
    }
    const authenticated = Object.entries(document.paths).flatMap(([, item]) =>
      Object.values(item).filter(
        (operation) => ((operation as { security?: unknown[] }).security?.length ?? 0) > 0,
      ),
    );
    expect(authenticated.length).toBeGreaterThan(20);
  });

  it('shows Swagger UI at /docs in a real browser, within its CSP', async () => {
    const browser = await chromium.launch({
      executablePath: resolveChromiumPath(process.env.CHROMIUM_PATH || undefined),
      args: ['--no-sandbox', '--disable-gpu'],
    });
    try {
      const page = await browser.newPage();
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await page.goto(`${t.url}/docs`);
      await page.locator('.opblock').first().waitFor({ timeout: 20_000 });
      expect(await page.locator('.opblock').count()).toBeGreaterThan(15);
      expect(violations).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
