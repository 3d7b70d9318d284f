import { Injectable } from '@nestjs/common';
import http, { IncomingMessage } from 'node:http';
import https from 'node:https';
import { useAgent } from 'request-filtering-agent';
import { AppConfig } from '../../../platform/config/app-config';

const MAX_REDIRECTS = 5;
/** Cloud metadata endpoints stay refused even when private hosts are allowed. */
const METADATA_ADDRESSES = ['169.254.169.254', 'fd00:ec2::254'];

/** Our own rule turned a resource down (address, size, type, limits): not the server's doing. */
export class Refused extends Error {}

export interface DownloadRequest {
  signal: AbortSignal;
  maxBytes: number;
  /** Sent as Accept. */
  accept: string;
  /** Why a response's content type (lower case, no parameters) is refused; undefined: taken. */
  refuseType: (contentType: string) => string | undefined;
}

export interface Downloaded {
  data: Buffer;
  contentType: string;
  /** Where it came from after redirects: a stylesheet's relative URLs resolve against it. */
  finalUrl: string;
}

/**
 * One GET of an email's remote resource, on the protections every prefetch shares: http(s)
 * only; private, loopback and link-local addresses refused after DNS resolution on every
 * redirect hop (request-filtering-agent checks the resolved address at connect time);
 * at most MAX_REDIRECTS hops; a size cap read as the body streams; the caller's deadline.
 */
@Injectable()
export class RemoteDownload {
  constructor(private readonly config: AppConfig) {}

  async get(url: string, request: DownloadRequest): Promise<Downloaded> {
    if (request.maxBytes <= 0) throw new Refused('total size limit reached');
    let current = new URL(url);
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      if (!/^https?:$/.test(current.protocol)) throw new Refused(`${current.protocol} URL`);
      const response = await this.request(current, request);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        current = new URL(response.headers.location, current);
        continue;
      }
      if (status !== 200) {
        response.resume();
        throw new Error(`HTTP ${status}`);
      }
      const contentType = (response.headers['content-type'] ?? '')
        .split(';')[0]
        .trim()
        .toLowerCase();
      const refusal = request.refuseType(contentType);
      if (refusal) {
        response.resume();
        throw new Refused(refusal);
      }
      const data = await readLimited(response, request.maxBytes);
      return { data, contentType, finalUrl: current.href };
    }
    throw new Refused(`more than ${MAX_REDIRECTS} redirects`);
  }

  private request(url: URL, { signal, accept }: DownloadRequest): Promise<IncomingMessage> {
    const agent = useAgent(url.href, {
      allowPrivateIPAddress: this.config.images.allowPrivateHosts,
      allowIPAddressList: this.config.images.allowAddresses,
      denyIPAddressList: METADATA_ADDRESSES,
      keepAlive: false,
    });
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const get = client.get(url, {
        agent,
        signal,
        headers: { 'user-agent': 'InstantPreview-Prefetch/1.0', accept },
      });
      get.once('response', resolve);
      get.once('error', reject);
    });
  }
}

function readLimited(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(response.headers['content-length'] ?? 0);
    if (declared > maxBytes) {
      response.destroy();
      return reject(new Refused(`larger than ${maxBytes} bytes`));
    }
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        response.destroy();
        reject(new Refused(`larger than ${maxBytes} bytes`));
      } else chunks.push(chunk);
    });
    response.once('end', () => resolve(Buffer.concat(chunks)));
    response.once('error', reject);
  });
}

/**
 * What a resource refused for its address records. Generic on purpose: the filter's own
 * message names the address the host resolved to, and the reason reaches every public
 * report of the email's captures, which would answer any API key holder's question of what
 * an internal name resolves to.
 */
const PRIVATE_ADDRESS_REFUSED = 'private address refused';

/** A download's failure in words; `refused` tells our rules from the server's answer. */
export function failureOf(
  error: unknown,
  deadline: AbortSignal,
): { refused: boolean; reason: string } {
  if (deadline.aborted) return { refused: false, reason: 'time limit reached' };
  const message = error instanceof Error ? error.message : String(error);
  if (/is not allowed/.test(message)) return { refused: true, reason: PRIVATE_ADDRESS_REFUSED };
  return { refused: error instanceof Refused, reason: message };
}
