import { lookup as dnsLookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Whether an IP address is public unicast: not loopback, private, link-local (such as
 * 169.254.169.254), carrier-grade NAT, reserved, multicast, NAT64 or the like. An
 * IPv4-mapped IPv6 address (::ffff:a.b.c.d) is judged as the IPv4 address it maps to, which
 * is where a connection to it goes. The one rule for a URL's IP literal (isPublicHttpsUrl)
 * and for the addresses a name resolves to at connect time (publicOnlyLookup).
 */
export function isPublicAddress(address: string): boolean {
  return ipaddr.isValid(address) && ipaddr.process(address).range() === 'unicast';
}

/**
 * dns.lookup for connections that must reach public hosts only (a net/http `lookup` option):
 * a name any of whose addresses is not public (isPublicAddress) fails to resolve, so a name
 * that resolves to a private address, or is changed to after a check, is refused when the
 * socket connects. Why not request-filtering-agent: it judges an IPv4-mapped address by its
 * IPv6 range and throws for an IP literal, where one rule must answer at create and at connect.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find(({ address }) => !isPublicAddress(address));
    if (refused)
      return callback(
        new Error(`${hostname} resolves to ${refused.address}, not a public address`),
        [],
      );
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
};
