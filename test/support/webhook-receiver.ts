import type { IncomingMessage, ServerResponse } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { serveOnLoopback } from './loopback-server';

/** One request the receiver got, and whether its signature verified. */
export interface Received {
  id: string;
  /** The request's path: which of the receiver's webhooks it was for. */
  path: string;
  /** Date.now() at receipt. */
  receivedAt: number;
  verified: boolean;
  /** null: never answered (`answer` held it). */
  status: number | null;
  body: { type: string; timestamp: string; data: Record<string, unknown> };
}

export interface WebhookReceiver {
  url: string;
  /** Every request, in arrival order (each attempt of a delivery). */
  requests: Received[];
  /** The secret signatures are checked with (set once the webhook is registered). */
  secret: string;
  /**
   * The status to answer the nth request of a webhook-id (1-based); 204 unless set. null:
   * never answer, holding the connection open until the receiver closes (a hanging receiver).
   */
  answer: (id: string, attempt: number) => number | null;
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
    delivered: () =>
      receiver.requests.filter((request) => request.status !== null && request.status < 300),
  };
  const held = new Set<ServerResponse>();
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
      const path = request.url ?? '/';
      receiver.requests.push({ id, path, receivedAt, verified, status, body: JSON.parse(payload) });
      if (status === null) held.add(response);
      else response.writeHead(status).end();
    });
  });
  const close = async () => {
    for (const response of held) response.destroy();
    await server.close();
  };
  return Object.assign(receiver, { url: server.url, close });
}
