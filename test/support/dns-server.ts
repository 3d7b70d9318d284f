import { createSocket, Socket } from 'node:dgram';
import { AddressInfo } from 'node:net';
import DNS from 'dns2';

/** TXT records by name (lower case): each record as its character strings. */
export type TxtZone = Record<string, string[][]>;

export interface LocalDns {
  /** `127.0.0.1:<port>`: what DNS_SERVERS names. */
  server: string;
  /** Queries answered, `TXT name`, in order. */
  queries: string[];
  close(): Promise<void>;
}

/**
 * A DNS server on loopback for authentication tests (dns2): answers TXT questions from
 * `zone`, NXDOMAIN for any other name, no answer records for other types of a known name.
 */
export async function startDnsServer(zone: TxtZone): Promise<LocalDns> {
  const queries: string[] = [];
  const server = DNS.createServer({
    udp: true,
    handle: (request, send) => {
      const response = DNS.Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = question.name.toLowerCase();
      const records = zone[name];
      queries.push(`${DNS.Packet.TYPE_NAME?.[question.type] ?? question.type} ${name}`);
      if (!records)
        response.header.rcode = 3; // NXDOMAIN
      else if (question.type === DNS.Packet.TYPE.TXT)
        for (const data of records)
          response.answers.push({
            name: question.name,
            type: DNS.Packet.TYPE.TXT,
            class: DNS.Packet.CLASS.IN,
            ttl: 300,
            data,
          } as never);
      void send(response);
    },
  });
  const { udp } = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  if (!udp) throw new Error('the DNS server did not listen on UDP');
  return {
    server: `127.0.0.1:${udp.port}`,
    queries,
    close: () => server.close(),
  };
}

/** A resolver that never answers: a UDP socket on loopback that reads and drops every query. */
export async function startSilentDns(): Promise<{ server: string; close(): Promise<void> }> {
  const socket: Socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  socket.on('message', () => undefined);
  const { port } = socket.address() as AddressInfo;
  return {
    server: `127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
