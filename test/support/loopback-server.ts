import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

export interface LoopbackServer {
  url: string;
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1, on a free port, answering with `handle`. */
export async function serveOnLoopback(
  handle: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<LoopbackServer> {
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
