import { request as httpRequest, IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** Where a request for a URL really goes: a host and port, over plain HTTP. */
export interface Destination {
  hostname: string;
  port: number;
  /** Sent with it: what a proxy in front would have said (X-Forwarded-Proto, -For). */
  headers?: Record<string, string>;
}

/**
 * Where to connect for a URL instead of what its host resolves to, or undefined for the URL
 * itself. The /mcp route sends the service's own hosts to the socket it listens on: its
 * public name may resolve elsewhere (a proxy) or nowhere from inside, and capture hosts are
 * told apart by the Host header alone.
 */
export type Router = (url: URL) => Destination | undefined;

export interface Exchange {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Answers larger than this are cut off with an error rather than held in memory. */
  maxBytes: number;
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Longer than CAPTURE_WAIT_LIMIT_MS (120 s), the longest a preview request is held. */
const TIMEOUT_MS = 150_000;
const REDIRECT_STATUSES = [301, 302, 303, 307, 308];
const MAX_REDIRECTS = 5;

/** One HTTP request, its answer read whole (up to `maxBytes`). */
export function exchange(url: URL, options: Exchange, router?: Router): Promise<Answer> {
  const destination = router?.(url);
  const send = destination || url.protocol === 'http:' ? httpRequest : httpsRequest;
  return new Promise((resolve, reject) => {
    const outgoing = send(
      {
        protocol: destination ? 'http:' : url.protocol,
        hostname: destination?.hostname ?? url.hostname,
        port: destination?.port ?? url.port,
        path: url.pathname + url.search,
        method: options.method,
        headers: { ...options.headers, ...destination?.headers, host: url.host },
        timeout: TIMEOUT_MS,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        let size = 0;
        incoming.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            incoming.destroy();
            reject(new Error(`The answer of ${url.href} is over ${options.maxBytes} bytes`));
          } else chunks.push(chunk);
        });
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: Buffer.concat(chunks),
          }),
        );
        incoming.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`No answer from ${url.href} in time`)));
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

/**
 * A GET that follows redirects (a cached preview's 301, the capture host's 302 to storage).
 * Headers go with the first request only: the hops lead to other hosts.
 */
export async function getFollowing(
  url: URL,
  options: Omit<Exchange, 'method' | 'body'>,
  router?: Router,
): Promise<Answer & { url: URL }> {
  let current = url;
  let headers = options.headers;
  for (let hop = 0; ; hop++) {
    const answer = await exchange(current, { ...options, method: 'GET', headers }, router);
    const location = answer.headers.location;
    if (!REDIRECT_STATUSES.includes(answer.status) || !location) return { ...answer, url: current };
    if (hop === MAX_REDIRECTS) throw new Error(`Too many redirects from ${url.href}`);
    current = new URL(location, current);
    headers = undefined;
  }
}
