import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import request from 'supertest';
import { hasBuild } from '../support/api-process';
import { readPixels } from '../support/pixels';
import { SIMPLE_EMAIL } from '../support/previews';
import { basicAuth, createApplication } from '../support/run-cli';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

const TOOLS = [
  'create_comparison',
  'create_email',
  'get_checks',
  'get_deliverability',
  'get_previews',
  'list_clients',
];

const CLI = join(__dirname, '../../dist/mcp-cli.js');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The one text item of a tool's answer, parsed. */
function jsonOf(result: CallToolResult): unknown {
  const [item] = result.content;
  if (item.type !== 'text') throw new Error(`a ${item.type} item, not text`);
  return JSON.parse(item.text);
}

async function callTool(client: Client, name: string, args: Record<string, unknown>) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

describe(`MCP server (${TEST_DATABASE})`, () => {
  let t: TestApp;
  let apiKey: string;
  beforeAll(async () => {
    t = await createTestApp();
    apiKey = (await createApplication(t)).api_key;
  });
  afterAll(() => t.close());

  describe('over Streamable HTTP at /mcp', () => {
    let client: Client;
    beforeAll(async () => {
      client = new Client({ name: 'mcp-e2e', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${t.url}/mcp`), {
          requestInit: { headers: { Authorization: basicAuth(apiKey) } },
        }),
      );
    });
    afterAll(() => client.close());

    it('lists its tools, each with a description and an input schema', async () => {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual(TOOLS);
      for (const tool of tools) {
        expect(tool.description!.length).toBeGreaterThan(40);
        expect(tool.inputSchema.type).toBe('object');
      }
    });

    it('uploads an email, lists clients, answers screenshots and checks', async () => {
      const created = await callTool(client, 'create_email', {
        html_text: SIMPLE_EMAIL,
        subject: 'Hello from MCP',
      });
      expect(created.isError).toBeFalsy();
      const { email_guid } = jsonOf(created) as { email_guid: string };
      expect(email_guid).toMatch(/^[0-9a-f-]{36}$/);

      const clients = jsonOf(await callTool(client, 'list_clients', {})) as string[];
      expect(clients).toContain('OL2019');

      const previews = await callTool(client, 'get_previews', {
        email_guid,
        clients: ['OL2019'],
      });
      expect(previews.isError).toBeFalsy();
      const urls = jsonOf(previews) as { full_url: string };
      expect(urls.full_url).toContain(`/${email_guid}/results/ol2019-vertical-allowed-800.png`);
      const image = previews.content.find((item) => item.type === 'image');
      expect(image).toMatchObject({ type: 'image', mimeType: 'image/png' });
      const png = Buffer.from((image as { data: string }).data, 'base64');
      expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      expect((await readPixels(png)).width).toBe(800);

      const checks = jsonOf(await callTool(client, 'get_checks', { email_guid })) as {
        checks: unknown[];
        links: { deliverability: string };
      };
      expect(Array.isArray(checks.checks)).toBe(true);
      expect(checks.links.deliverability).toContain(`/emails/${email_guid}/deliverability`);
    });

    it("gives the API's errors back as tool errors, in the contract's words", async () => {
      const missing = await callTool(client, 'create_email', { subject: 'No body' });
      expect(missing.isError).toBe(true);
      expect(missing.content[0]).toMatchObject({
        type: 'text',
        text: expect.stringMatching(/^400 Bad Request: /),
      });

      const unknown = await callTool(client, 'get_checks', {
        email_guid: '00000000-0000-4000-8000-000000000000',
      });
      expect(unknown).toMatchObject({ isError: true, content: [{ text: '404 Not Found' }] });
    });

    it('refuses a call without an API key, or with a wrong one, as the API does', async () => {
      const initialize = {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'curl', version: '1' },
        },
      };
      const anonymous = await request(t.url)
        .post('/mcp')
        .set('Accept', 'application/json, text/event-stream')
        .send(initialize)
        .expect(401);
      expect(anonymous.body).toMatchObject({ status: 401, title: 'Unauthorized' });
      expect(anonymous.headers['www-authenticate']).toMatch(/^Basic realm=/);
      await request(t.url)
        .post('/mcp')
        .set('Authorization', basicAuth('not-a-key'))
        .send(initialize)
        .expect(401);

      const refused = new Client({ name: 'mcp-e2e', version: '1.0.0' });
      await expect(
        refused.connect(new StreamableHTTPClientTransport(new URL(`${t.url}/mcp`))),
      ).rejects.toThrow(/401/);
    });

    it('answers GET and DELETE with 405: it keeps no stream and no session', async () => {
      for (const method of ['get', 'delete'] as const) {
        const response = await request(t.url)[method]('/mcp').expect(405);
        expect(response.headers.allow).toBe('POST');
        expect(response.body).toMatchObject({ status: 405, title: 'Method Not Allowed' });
      }
    });
  });

  (hasBuild() ? describe : describe.skip)('over stdio (npm run mcp)', () => {
    let client: Client;
    beforeAll(async () => {
      client = new Client({ name: 'mcp-e2e', version: '1.0.0' });
      await client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: [CLI],
          env: { INSTANT_PREVIEW_URL: t.url, API_KEY: apiKey },
          stderr: 'inherit',
        }),
      );
    });
    afterAll(() => client.close());

    it('lists the same tools, lists clients and uploads an email', async () => {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual(TOOLS);
      const clients = jsonOf(await callTool(client, 'list_clients', {})) as string[];
      expect(clients).toContain('OL2019');
      const created = await callTool(client, 'create_email', { html_text: SIMPLE_EMAIL });
      expect(jsonOf(created)).toEqual({ email_guid: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    });

    it('exits with 2 and says what is missing when a setting is', () => {
      const run = spawnSync(process.execPath, [CLI], {
        env: { PATH: process.env.PATH, INSTANT_PREVIEW_URL: t.url },
        encoding: 'utf8',
      });
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(/API_KEY is required/);
    });
  });
});

describe(`MCP server behind a proxy, PUBLIC_URL https (${TEST_DATABASE})`, () => {
  let t: TestApp;
  let client: Client;
  beforeAll(async () => {
    t = await createTestApp({
      env: { PUBLIC_URL: 'https://preview.example', CDN_DOMAIN: 'cdn.example' },
    });
    const apiKey = (await createApplication(t)).api_key;
    client = new Client({ name: 'mcp-e2e', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${t.url}/mcp`), {
        // What the TLS-terminating proxy on loopback (TRUST_PROXY's default) would add.
        requestInit: {
          headers: { Authorization: basicAuth(apiKey), 'X-Forwarded-Proto': 'https' },
        },
      }),
    );
  });
  afterAll(async () => {
    await client.close();
    await t.close();
  });

  it('reaches the API and the capture host on its own socket, under names that resolve nowhere', async () => {
    const created = await callTool(client, 'create_email', { html_text: SIMPLE_EMAIL });
    const { email_guid } = jsonOf(created) as { email_guid: string };
    const previews = await callTool(client, 'get_previews', {
      email_guid,
      clients: ['OL2019'],
      size: 'thumb450',
    });
    expect(previews.isError).toBeFalsy();
    expect((jsonOf(previews) as { thumb450_url: string }).thumb450_url).toMatch(
      /^https:\/\/ol2019\.capture\.cdn\.example\//,
    );
    const image = previews.content.find((item) => item.type === 'image') as { data: string };
    expect((await readPixels(Buffer.from(image.data, 'base64'))).width).toBe(450);
  });
});
