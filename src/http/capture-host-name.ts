/**
 * The capture host, `<client>.capture.<CDN_DOMAIN>`, as a Host header names it (port and
 * all, like CDN_DOMAIN); the client is the first group. One pattern for the routing to
 * it and for the HTTPS redirect, which may send a request back to its own capture host.
 */
export function captureHostPattern(cdnDomain: string): RegExp {
  const domain = cdnDomain.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^([a-z0-9]+)\\.capture\\.${domain}$`, 'i');
}
