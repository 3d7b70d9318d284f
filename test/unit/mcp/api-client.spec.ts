import { IncomingHttpHeaders } from 'node:http';
import { ApiCallError, InstantPreviewApi } from '../../../src/mcp/api-client';
import { LoopbackServer, serveOnLoopback } from '../../support/loopback-server';

describe('the MCP tools’ API client', () => {
  let server: LoopbackServer;
  const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
  beforeAll(async () => {
    server = await serveOnLoopback((req, res) => {
      seen.push({ url: req.url!, headers: req.headers });
      if (req.url === '/v1/emails/e/checks')
        return void res
          .writeHead(404, { 'content-type': 'application/json' })
          .end('{"status":404,"title":"Not Found"}');
      if (req.url === '/v1/clients')
        return void res
          .writeHead(401, { 'content-type': 'application/json' })
          .end('{"status":401,"title":"Unauthorized","description":"A valid API key is required"}');
      if (req.url === '/v1/emails/e/previews/OL2019')
        return void res.writeHead(301, { location: 'http://ol2019.capture.cdn.test/e.json' }).end();
      if (req.headers.host === 'ol2019.capture.cdn.test')
        return void res.writeHead(200).end('{"full_url":"http://ol2019.capture.cdn.test/e.png"}');
      res.writeHead(502).end('<html>bad gateway</html>');
    });
  });
  afterAll(() => server.close());
  beforeEach(() => (seen.length = 0));

  const api = () => {
    const { port } = new URL(server.url);
    return new InstantPreviewApi({
      baseUrl: 'https://preview.test/',
      authorization: 'Basic a2V5Og==',
      // As /mcp routes the service's own hosts: to the socket it listens on.
      router: (url) =>
        ['preview.test', 'ol2019.capture.cdn.test'].includes(url.hostname)
          ? { hostname: '127.0.0.1', port: Number(port) }
          : undefined,
    });
  };

  it("gives an error answer as the contract's status, title and description", async () => {
    await expect(api().call('GET', 'clients')).rejects.toEqual(
      new ApiCallError(401, '401 Unauthorized: A valid API key is required'),
    );
    await expect(api().call('GET', 'emails/e/checks')).rejects.toThrow(/^404 Not Found$/);
    await expect(api().call('GET', 'other')).rejects.toThrow(/^502: <html>bad gateway/);
  });

  it('follows redirects on the routed hosts, with the credentials on the first request only', async () => {
    expect(await api().call('GET', 'emails/e/previews/OL2019')).toEqual({
      full_url: 'http://ol2019.capture.cdn.test/e.png',
    });
    expect(seen.map(({ url, headers }) => [headers.host, url, headers.authorization])).toEqual([
      ['preview.test', '/v1/emails/e/previews/OL2019', 'Basic a2V5Og=='],
      ['ol2019.capture.cdn.test', '/e.json', undefined],
    ]);
  });
});
