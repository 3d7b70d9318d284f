import { IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface HttpCall {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** No byte for this long: the call fails. */
  idleMs: number;
  /** A longer answer fails as soon as it says so or passes it: a service is not trusted to stop. */
  maxBytes: number;
  /** Send the request to this origin instead, `url`'s host in the Host header. */
  via?: URL;
}

/**
 * One HTTP(S) exchange with node:http, the whole body read: fetch cannot set Host (needed to
 * reach a capture host through the service's own address, as `npm run cli -- compare` and the
 * MCP tools do) and gives up on slow answers.
 */
export function send(url: URL, call: HttpCall): Promise<HttpAnswer> {
  const to = call.via ?? url;
  const request = to.protocol === 'https:' ? httpsRequest : httpRequest;
  const hostname = to.hostname.replace(/^\[|\]$/g, ''); // IPv6 without brackets
  return new Promise((resolve, reject) => {
    const req = request(
      {
        protocol: to.protocol,
        hostname,
        port: to.port || undefined,
        path: url.pathname + url.search,
        method: call.method ?? 'GET',
        headers: { ...call.headers, host: url.host },
        ...(call.via && !isIP(hostname) && { servername: hostname }),
      },
      (res) => {
        // Settled first: the part already read may still end the response.
        const tooLong = () => {
          reject(new Error(`the answer from ${url.origin} is over ${call.maxBytes} bytes`));
          req.destroy();
        };
        if (Number(res.headers['content-length']) > call.maxBytes) return tooLong();
        const chunks: Buffer[] = [];
        let length = 0;
        res.on('data', (chunk: Buffer) => {
          length += chunk.length;
          if (length > call.maxBytes) return tooLong();
          chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(call.idleMs, () =>
      req.destroy(new Error(`no answer from ${url.origin} in ${call.idleMs / 1000} s`)),
    );
    req.on('error', reject);
    req.end(call.body);
  });
}
