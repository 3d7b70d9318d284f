import { Injectable } from '@nestjs/common';
import http from 'node:http';
import https from 'node:https';
import { useAgent } from 'request-filtering-agent';
import { Webhook as Signer } from 'standardwebhooks';
import { AppConfig } from '../config/app-config';

/** How a receiver answered: a status, or the error that stood for one. */
export interface SendResult {
  status: number | null;
  error: string | null;
}

/** Cloud metadata endpoints are never a webhook's, whatever is allowed. */
const METADATA_ADDRESSES = ['169.254.169.254', 'fd00:ec2::254'];

/**
 * One signed POST of a delivery (Standard Webhooks: `webhook-id`, `webhook-timestamp`,
 * `webhook-signature`, signed by the standardwebhooks library). A public host's address is
 * checked again at connect time (request-filtering-agent), so a name that later resolves
 * to a private address is refused; redirects are not followed; the answer's body is not read.
 */
@Injectable()
export class WebhookSender {
  constructor(private readonly config: AppConfig) {}

  send(url: string, secret: string, id: string, at: Date, payload: string): Promise<SendResult> {
    const target = new URL(url);
    const allowed = this.config.webhooks.allowHosts.includes(target.hostname.toLowerCase());
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'InstantPreview-Webhooks/1.0',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Signer(secret).sign(id, at, payload),
    };
    const agent = allowed
      ? undefined
      : useAgent(target.href, { denyIPAddressList: METADATA_ADDRESSES, keepAlive: false });
    const client = target.protocol === 'https:' ? https : http;
    return new Promise((resolve) => {
      const request = client.request(target, {
        method: 'POST',
        agent,
        headers,
        signal: AbortSignal.timeout(this.config.webhooks.timeoutMs),
      });
      request.once('response', (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, error: null });
      });
      request.once('error', (error) =>
        resolve({ status: null, error: error.name === 'AbortError' ? 'timed out' : error.message }),
      );
      request.end(payload);
    });
  }
}
