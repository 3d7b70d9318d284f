import { send, type HttpAnswer } from '../base/net/http-send';

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

export type Answer = HttpAnswer;

/** No byte for longer than CAPTURE_WAIT_LIMIT_MS (120 s), the longest a preview request is held. */
const TIMEOUT_MS = 150_000;
const REDIRECT_STATUSES = [301, 302, 303, 307, 308];
const MAX_REDIRECTS = 5;

/** One HTTP request, its answer read whole (up to `maxBytes`), sent where `router` says. */
export function exchange(url: URL, options: Exchange, router?: Router): Promise<Answer> {
  const destination = router?.(url);
  return send(url, {
    method: options.method,
    headers: { ...options.headers, ...destination?.headers },
    body: options.body,
    idleMs: TIMEOUT_MS,
    maxBytes: options.maxBytes,
    ...(destination && {
      via: new URL(`http://${hostPart(destination.hostname)}:${destination.port}`),
    }),
  });
}

/** An IPv6 address in a URL is bracketed. */
const hostPart = (hostname: string) => (hostname.includes(':') ? `[${hostname}]` : hostname);

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
