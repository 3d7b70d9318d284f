import { get, IncomingHttpHeaders, IncomingMessage } from 'node:http';

/**
 * An email's event stream, as a page's EventSource reads it (`headers`: the request's, such
 * as X-Forwarded-For for a client behind the proxy). Comment lines (heartbeats) are counted;
 * a refused stream's answer is kept whole.
 */
export function openStream(baseUrl: string, guid: string, headers: Record<string, string> = {}) {
  const events: { event: string; data: { type: string; data: Record<string, unknown> } }[] = [];
  let comments = 0;
  let response: IncomingMessage | undefined;
  let answered: (answer: { headers: IncomingHttpHeaders; body: string }) => void;
  const answer = new Promise<{ headers: IncomingHttpHeaders; body: string }>(
    (resolve) => (answered = resolve),
  );
  const ended = answer.then(() => undefined);
  const opened = new Promise<number>((resolve) => {
    get(`${baseUrl}/v1/emails/${guid}/events`, { headers }, (incoming) => {
      response = incoming;
      let buffer = '';
      incoming.setEncoding('utf8');
      incoming.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split('\n');
          comments += lines.filter((line) => line.startsWith(':')).length;
          const field = (name: string) =>
            lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
          const data = field('data');
          if (data) events.push({ event: field('event') ?? 'message', data: JSON.parse(data) });
        }
      });
      incoming.once('close', () => answered({ headers: incoming.headers, body: buffer }));
      resolve(incoming.statusCode ?? 0);
    });
  });
  return {
    events,
    opened,
    /** Resolves once the server has ended the stream (or refused it). */
    ended,
    /** A refused stream's headers and body (the contract's error body). */
    refusal: async () => {
      const { headers: received, body } = await answer;
      return { headers: received, body: JSON.parse(body) as Record<string, unknown> };
    },
    comments: () => comments,
    close: () => response?.destroy(),
  };
}
