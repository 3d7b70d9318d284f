import type { Request } from 'express';
import ipaddr from 'ipaddr.js';

/**
 * The forms a proxy may write an address in with a port or brackets: `[v6]`, `[v6]:port`,
 * `a.b.c.d:port`. The first group holds a bracketed address, the second a dotted one.
 */
const WRAPPED_ADDRESS = /^\[([^\]]+)\](?::\d+)?$|^([\d.]+):\d+$/;

/**
 * One spelling per host, for counting: the port and brackets dropped, IPv4-mapped IPv6 as
 * IPv4, an IPv6 address widened to its /64 (one host holds a whole /64 and would
 * otherwise get a fresh counter per address). Text that is no address stays as written.
 */
export function normalizeAddress(text: string): string {
  const written = text.trim();
  const wrapped = WRAPPED_ADDRESS.exec(written);
  const bare = wrapped ? (wrapped[1] ?? wrapped[2]) : written;
  if (!ipaddr.isValid(bare)) return written;
  const address = ipaddr.process(bare);
  if (address.kind() === 'ipv4') return address.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/64`).toString()}/64`;
}

/**
 * Who is knocking, for counting: the client's address as Express sees it (TRUST_PROXY
 * decides which forwarded address counts, written as the proxy wrote it), normalised.
 */
export function clientAddress(request: Request): string {
  return normalizeAddress(request.ip ?? request.socket.remoteAddress ?? 'unknown');
}
