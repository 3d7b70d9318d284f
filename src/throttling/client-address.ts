import { normalizeIp } from '@nestjs/throttler';
import type { Request } from 'express';

/**
 * Who is knocking, for counting: the client's address as Express sees it (TRUST_PROXY
 * decides which forwarded address counts), an IPv6 address widened to its /64, since one
 * host holds a whole /64 and would otherwise get a fresh counter per address.
 */
export function clientAddress(request: Request): string {
  return normalizeIp(request.ip ?? request.socket.remoteAddress ?? 'unknown', 64);
}
