import { HttpCall, send } from '../../base/net/http-send';

/** Connection errors after which a URL is tried through the service's own address. */
const UNREACHABLE = ['ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED', 'EHOSTUNREACH', 'EADDRNOTAVAIL'];
const REDIRECTS = [301, 302, 303, 307, 308];
const MAX_REDIRECTS = 5;

/**
 * GET a file of the service (a capture-host URL, and the storage address it redirects to),
 * following redirects. A host that does not resolve or answer from here (`*.capture.localhost`
 * in tests, a CDN domain only the service's network knows) is asked through `service` with
 * that Host header, as the service answers its capture hosts itself.
 */
export async function download(
  url: string,
  service: URL,
  limits: Pick<HttpCall, 'idleMs' | 'maxBytes'>,
): Promise<Buffer> {
  let target = new URL(url);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const answer = await send(target, limits).catch((error: NodeJS.ErrnoException) => {
      if (!UNREACHABLE.includes(error.code ?? '') || target.host === service.host) throw error;
      return send(target, { ...limits, via: service });
    });
    if (REDIRECTS.includes(answer.status) && answer.headers.location) {
      target = new URL(answer.headers.location, target);
      continue;
    }
    if (answer.status !== 200) throw new Error(`GET ${url}: ${answer.status}`);
    return answer.body;
  }
  throw new Error(`GET ${url}: more than ${MAX_REDIRECTS} redirects`);
}
