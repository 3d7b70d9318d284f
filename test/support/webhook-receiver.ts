import type { IncomingMessage } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { serveOnLoopback } from './loopback-server';

/** One request the receiver got, and whether its signature verified. */
export interface Received {
  id: string;
  /** Date.now() at receipt. */
  receivedAt: number;
  verified: boolean;
  status: number;
  body: { type: string; timestamp: string; data: Record<string, unknown> };
}

export interface WebhookReceiver {
  url: string;
  /** Every request, in arrival order (each attempt of a delivery). */
  requests: Received[];
  /** The secret signatures are checked with (set once the webhook is registered). */
  secret: string;
  /** The status to answer the nth request of a webhook-id (1-based); 204 unless set. */
  answer: (id: string, attempt: number) => number;
  /** Events answered 2xx, each once, in order. */
  delivered(): Received[];
  close(): Promise<void>;
}

function read(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.once('error', reject);
  });
}

/** An integrator's endpoint on 127.0.0.1 that verifies every Standard Webhooks signature. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const receiver: Omit<WebhookReceiver, 'url' | 'close'> = {
    requests: [],
    secret: '',
    answer: () => 204,
    delivered: () => receiver.requests.filter((request) => request.status < 300),
  };
  const server = await serveOnLoopback((request, response) => {
    const receivedAt = Date.now();
    void read(request).then((payload) => {
      const headers = {
        'webhook-id': String(request.headers['webhook-id']),
        'webhook-timestamp': String(request.headers['webhook-timestamp']),
        'webhook-signature': String(request.headers['webhook-signature']),
      };
      let verified = false;
      try {
        new Webhook(receiver.secret).verify(payload, headers);
        verified = true;
      } catch {
        verified = false;
      }
      const id = headers['webhook-id'];
      const attempt = receiver.requests.filter((seen) => seen.id === id).length + 1;
      const status = receiver.answer(id, attempt);
      receiver.requests.push({ id, receivedAt, verified, status, body: JSON.parse(payload) });
      response.writeHead(status).end();
    });
  });
  return Object.assign(receiver, server);
}
