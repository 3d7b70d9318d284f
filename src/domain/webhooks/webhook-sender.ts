import { Injectable } from '@nestjs/common';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { Webhook as Signer } from 'standardwebhooks';
import { isPublicAddress, publicOnlyLookup } from '../../base/network/public-address';
import { AppConfig } from '../../platform/config/app-config';

/** How a receiver answered: a status, or the error that stood for one. */
export interface SendResult {
  status: number | null;
  error: string | null;
}

/**
 * One signed POST of a delivery (Standard Webhooks: `webhook-id`, `webhook-timestamp`,
 * `webhook-signature`, signed by the standardwebhooks library). A public host's address is
 * judged again at connect time by the rule its URL passed at create (isPublicAddress), so a
 * name that resolves to a private address is refused; redirects are not followed; the
 * answer's body is not read. A refused address, a network error or a timeout is an answer
 * with its error, which the dispatcher records as the attempt's outcome.
 */
@Injectable()
export class WebhookSender {
  constructor(private readonly config: AppConfig) {}

  async send(
    url: string,
    secret: string,
    id: string,
    at: Date,
    payload: string,
  ): Promise<SendResult> {
    const target = new URL(url);
    const allowed = this.config.webhooks.allowHosts.includes(target.hostname.toLowerCase());
    const literal = target.hostname.replace(/^\[|\]$/g, '');
    // An IP literal is connected to without a lookup: judged here, by the same rule.
    if (!allowed && isIP(literal) && !isPublicAddress(literal))
      return { status: null, error: `${literal} is not a public address` };
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'InstantPreview-Webhooks/1.0',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Signer(secret).sign(id, at, payload),
    };
    const client = target.protocol === 'https:' ? https : http;
    return new Promise((resolve) => {
      const request = client.request(target, {
        method: 'POST',
        // A connection of its own, closed after the answer: nothing pooled outlives the check.
        agent: false,
        lookup: allowed ? undefined : publicOnlyLookup,
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
