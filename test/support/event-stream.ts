import { get, IncomingMessage } from 'node:http';

/** An email's event stream, as a page's EventSource reads it. */
export function openStream(baseUrl: string, guid: string) {
  const events: { event: string; data: { type: string; data: Record<string, unknown> } }[] = [];
  let response: IncomingMessage | undefined;
  const opened = new Promise<number>((resolve) => {
    get(`${baseUrl}/v1/emails/${guid}/events`, (answer) => {
      response = answer;
      let buffer = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const field = (name: string) =>
            block
              .split('\n')
              .find((line) => line.startsWith(`${name}: `))
              ?.slice(name.length + 2);
          const data = field('data');
          if (data) events.push({ event: field('event') ?? 'message', data: JSON.parse(data) });
        }
      });
      resolve(answer.statusCode ?? 0);
    });
  });
  return { events, opened, close: () => response?.destroy() };
}
