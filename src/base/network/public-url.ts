import ipaddr from 'ipaddr.js';
import { isPublicAddress } from './public-address';

/** Names that never reach a public host, whatever they resolve to. */
const LOCAL_SUFFIXES = ['.localhost', '.local', '.internal', '.localdomain', '.home.arpa', '.lan'];

/**
 * Whether `url` is an absolute https URL on a public host: not an IP literal outside
 * public unicast space (isPublicAddress: the rule connections are held to), not
 * localhost nor a local-only name, not a single-label name. `allowedHosts` are accepted
 * whatever they are (an integrator's intranet placeholder, say).
 */
export function isPublicHttpsUrl(url: string, allowedHosts: string[] = []): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' || parsed.username || parsed.password) return false;
  const host = parsed.hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (allowedHosts.includes(host)) return true;
  if (ipaddr.isValid(host)) return isPublicAddress(host);
  if (host === 'localhost' || LOCAL_SUFFIXES.some((suffix) => host.endsWith(suffix))) {
    return false;
  }
  return host.includes('.');
}
