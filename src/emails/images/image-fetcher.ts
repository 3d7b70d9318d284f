import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import http, { IncomingMessage } from 'node:http';
import https from 'node:https';
import { useAgent } from 'request-filtering-agent';
import { AppConfig } from '../../config/app-config';
import { Storage } from '../../storage/storage';
import { EmailImage } from '../email-image';
import { mapWithConcurrency } from './map-with-concurrency';

const MAX_REDIRECTS = 5;
/** Cloud metadata endpoints stay refused even when private hosts are allowed. */
const METADATA_ADDRESSES = ['169.254.169.254', 'fd00:ec2::254'];

class Refused extends Error {}

/**
 * Downloads the remote images of a new email once, within limits of count, size and
 * time, and stores them; renders later use only these copies (CONTRACT "POST /v1/emails").
 * Private, loopback and link-local addresses are refused after DNS resolution, on every
 * redirect hop (request-filtering-agent checks the resolved address at connect time).
 * A failed image never fails the email: it is recorded as missing with the reason.
 */
@Injectable()
export class ImageFetcher {
  constructor(
    private readonly config: AppConfig,
    private readonly storage: Storage,
  ) {}

  async prefetch(emailGuid: string, urls: string[]): Promise<EmailImage[]> {
    const limits = this.config.images;
    const deadline = AbortSignal.timeout(limits.timeoutMs);
    let budget = limits.maxTotalBytes;
    const wanted = urls.slice(0, limits.maxCount);
    const skipped = urls.slice(limits.maxCount).map<EmailImage>((url) => ({
      url,
      status: 'missing',
      reason: `more than ${limits.maxCount} images`,
    }));
    const fetched = await mapWithConcurrency(wanted, limits.concurrency, async (url) => {
      try {
        const { data, contentType } = await this.download(
          url,
          deadline,
          Math.min(limits.maxBytes, budget),
        );
        budget -= data.length;
        const key = `emails/${emailGuid}/images/${createHash('sha256').update(url).digest('hex').slice(0, 32)}`;
        await this.storage.put(key, data, contentType);
        return {
          url,
          status: 'stored',
          key,
          content_type: contentType,
          bytes: data.length,
        } as EmailImage;
      } catch (error) {
        return { url, status: 'missing', reason: reasonOf(error, deadline) } as EmailImage;
      }
    });
    return [...fetched, ...skipped];
  }

  private async download(url: string, signal: AbortSignal, maxBytes: number) {
    if (maxBytes <= 0) throw new Refused('total image size limit reached');
    let current = new URL(url);
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const response = await this.request(current, signal);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        current = new URL(response.headers.location, current);
        if (!/^https?:$/.test(current.protocol))
          throw new Refused(`redirect to ${current.protocol}`);
        continue;
      }
      if (status !== 200) {
        response.resume();
        throw new Refused(`HTTP ${status}`);
      }
      const contentType = (response.headers['content-type'] ?? '')
        .split(';')[0]
        .trim()
        .toLowerCase();
      if (!contentType.startsWith('image/')) {
        response.resume();
        throw new Refused(`not an image (${contentType || 'no content type'})`);
      }
      return { data: await readLimited(response, maxBytes), contentType };
    }
    throw new Refused(`more than ${MAX_REDIRECTS} redirects`);
  }

  private request(url: URL, signal: AbortSignal): Promise<IncomingMessage> {
    const agent = useAgent(url.href, {
      allowPrivateIPAddress: this.config.images.allowPrivateHosts,
      allowIPAddressList: this.config.images.allowAddresses,
      denyIPAddressList: METADATA_ADDRESSES,
      keepAlive: false,
    });
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const request = client.get(url, {
        agent,
        signal,
        headers: { 'user-agent': 'InstantPreview-ImageFetcher/1.0', accept: 'image/*' },
      });
      request.once('response', resolve);
      request.once('error', reject);
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

function reasonOf(error: unknown, deadline: AbortSignal): string {
  if (deadline.aborted) return 'time limit reached';
  const message = error instanceof Error ? error.message : String(error);
  if (/is not allowed/.test(message)) return `refused address: ${message}`;
  return message;
}
