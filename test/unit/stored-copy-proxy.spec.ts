import { request } from 'node:http';
import { connect } from 'node:net';
import { ASSET_ORIGIN } from '../../src/rendering/pipeline/email-content';
import {
  PROXIED_DOCUMENT_URL,
  StoredCopyProxy,
} from '../../src/rendering/engine/proxy/stored-copy-proxy';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request as an engine sends it to its HTTP proxy: the absolute URL as the target. */
function viaProxy(
  proxy: StoredCopyProxy,
  url: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const [host, port] = proxy.address.split(':');
  return new Promise((resolve, reject) => {
    const asked = request({ host, port: Number(port), path: url, headers }, (response) => {
      let body = '';
      response.setEncoding('latin1');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
      );
    });
    asked.on('error', reject);
    asked.end();
  });
}

function connectThrough(proxy: StoredCopyProxy, target: string): Promise<string> {
  const [host, port] = proxy.address.split(':');
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), host, () =>
      socket.write(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`),
    );
    let said = '';
    socket.on('data', (chunk) => (said += chunk.toString()));
    socket.on('end', () => resolve(said.split('\r\n')[0]));
    socket.on('error', reject);
  });
}

describe('StoredCopyProxy: the only way out of a WebKit session or a Firefox context', () => {
  let proxy: StoredCopyProxy;
  const image = {
    url: 'https://cdn.example/a.png',
    contentType: 'image/png',
    data: Buffer.from('PNG!'),
  };
  beforeEach(async () => (proxy = await StoredCopyProxy.open()));
  afterEach(() => proxy.close());

  const serve = () =>
    proxy.serve(`<img src="${ASSET_ORIGIN}/0.png"><img src="${ASSET_ORIGIN}/missing">`, {
      served: new Map([['/0.png', image]]),
    });

  it('listens on loopback only', () => {
    expect(proxy.address).toMatch(/^127\.0\.0\.1:\d+$/);
  });

  it('serves the document once, its stored copies over the proxied origin, and sets a marker cookie', async () => {
    const capture = serve();
    const document = await viaProxy(proxy, PROXIED_DOCUMENT_URL);
    expect(document.status).toBe(200);
    expect(document.body).toBe(
      '<img src="http://assets.render.invalid/0.png"><img src="http://assets.render.invalid/missing">',
    );
    expect(String(document.headers['set-cookie'])).toMatch(
      /^instant-preview-context=[0-9a-f-]{36}; Path=\//,
    );
    const copy = await viaProxy(proxy, 'http://assets.render.invalid/0.png');
    expect([copy.status, copy.headers['content-type'], copy.body]).toEqual([
      200,
      'image/png',
      'PNG!',
    ]);
    // The document again (a reload, a frame of itself): refused like anything else.
    expect((await viaProxy(proxy, PROXIED_DOCUMENT_URL)).status).toBe(403);
    expect(capture.blockedRequests).toEqual([PROXIED_DOCUMENT_URL]);
  });

  it('sets no marker over one the cookie jar already holds: a shared jar would show its first email', async () => {
    serve();
    const document = await viaProxy(proxy, PROXIED_DOCUMENT_URL, {
      cookie: 'instant-preview-context=earlier',
    });
    expect(document.headers['set-cookie']).toBeUndefined();
  });

  it('refuses and lists every other request, as the pipeline named it; a navigation gets 204', async () => {
    const capture = serve();
    expect((await viaProxy(proxy, 'http://tracker.example/pixel.gif')).status).toBe(403);
    expect((await viaProxy(proxy, 'http://assets.render.invalid/missing')).status).toBe(403);
    const away = await viaProxy(proxy, 'http://phish.example/', { 'sec-fetch-dest': 'document' });
    expect(away.status).toBe(204);
    expect(await connectThrough(proxy, 'secure.example:443')).toBe('HTTP/1.1 403 Forbidden');
    // The browser's own favicon request is not the email's.
    await viaProxy(proxy, `${PROXIED_DOCUMENT_URL}favicon.ico`);
    expect(capture.blockedRequests).toEqual([
      'http://tracker.example/pixel.gif',
      `${ASSET_ORIGIN}/missing`,
      'http://phish.example/',
      'https://secure.example:443/',
    ]);
  });

  it('refuses everything before a capture is served', async () => {
    expect((await viaProxy(proxy, PROXIED_DOCUMENT_URL)).status).toBe(403);
  });
});
