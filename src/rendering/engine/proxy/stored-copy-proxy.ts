import { randomUUID } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { ASSET_ORIGIN, ImagePlan } from '../../pipeline/email-content';
import { MARKER_COOKIE } from '../context-router';

/**
 * The document's address in engines driven over WebDriver: plain http, so that every request
 * reaches the capture's proxy as an absolute URL and no name is ever resolved.
 */
export const PROXIED_DOCUMENT_URL = 'http://email.render.invalid/';
const FAVICON_URL = `${PROXIED_DOCUMENT_URL}favicon.ico`;
/** Where the pipeline's stored copies (ASSET_ORIGIN) are asked for through the proxy. */
const PROXIED_ASSET_ORIGIN = 'http://assets.render.invalid';

/** The capture a proxy serves: its document once, its stored copies, and what it refused. */
export interface ProxiedCapture {
  blockedRequests: string[];
}

/**
 * A capture's own HTTP proxy on loopback, the only way out of a WebKit session or a Firefox
 * context (each is opened pointing at it). It plays the part Playwright's router plays for
 * Chromium (context-router.ts): the document once, the email's stored copies from memory,
 * everything else refused and listed, so an engine without request interception still never
 * reaches the network. HTTPS asks (CONNECT) are refused: the email's own copies are served
 * over the proxied http origin. A marker cookie is set once per cookie jar and read back from
 * the page, as in Chromium: a jar that another email had used would show that email's marker.
 */
export class StoredCopyProxy {
  private current?: { html: string; images: ImagePlan; capture: ProxiedCapture; served: boolean };
  private readonly sockets = new Set<Socket>();

  private constructor(private readonly server: Server) {}

  static async open(): Promise<StoredCopyProxy> {
    const server = createServer();
    const proxy = new StoredCopyProxy(server);
    server.on('request', (request, response) => proxy.answer(request, response));
    server.on('connect', (request: IncomingMessage, socket: Socket) => {
      proxy.current?.capture.blockedRequests.push(`https://${request.url ?? ''}/`);
      socket.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n');
    });
    server.on('connection', (socket: Socket) => {
      proxy.sockets.add(socket);
      socket.once('close', () => proxy.sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', resolve);
    });
    return proxy;
  }

  /** `host:port`, as WebDriver's proxy capability and BiDi's user contexts take it. */
  get address(): string {
    return `127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** From now on: this capture's document (its stored copies' origin rewritten) and copies. */
  serve(html: string, images: ImagePlan): ProxiedCapture {
    const capture: ProxiedCapture = { blockedRequests: [] };
    const proxied = html.replaceAll(`${ASSET_ORIGIN}/`, `${PROXIED_ASSET_ORIGIN}/`);
    this.current = { html: proxied, images, capture, served: false };
    return capture;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private answer(request: IncomingMessage, response: ServerResponse): void {
    const url = request.url ?? '';
    const current = this.current;
    if (current && url === PROXIED_DOCUMENT_URL && !current.served) {
      current.served = true;
      const cookies = request.headers.cookie ?? '';
      const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8' };
      if (!cookies.split(/;\s*/).some((pair) => pair.startsWith(`${MARKER_COOKIE}=`)))
        headers['set-cookie'] = `${MARKER_COOKIE}=${randomUUID()}; Path=/`;
      response.writeHead(200, headers).end(current.html);
      return;
    }
    if (request.method === 'GET' && url.startsWith(`${PROXIED_ASSET_ORIGIN}/`)) {
      const image = current?.images.served.get(url.slice(PROXIED_ASSET_ORIGIN.length));
      if (image) {
        // Fonts are fetched in CORS mode, and the copies' origin is not the document's.
        response
          .writeHead(200, { 'content-type': image.contentType, 'access-control-allow-origin': '*' })
          .end(image.data);
        return;
      }
    }
    // The browser's own favicon request is not the email's.
    // Reported as the pipeline named it, whatever the engine.
    if (url !== FAVICON_URL)
      current?.capture.blockedRequests.push(url.replace(PROXIED_ASSET_ORIGIN, ASSET_ORIGIN));
    // A navigation (meta refresh, frame, form) gets 204 No Content: the engine stays on the
    // email, as Chromium's router answers; anything else is refused.
    const destination = request.headers['sec-fetch-dest'];
    const navigation = destination === 'document' || destination === 'iframe';
    response.writeHead(navigation ? 204 : 403).end();
  }
}
