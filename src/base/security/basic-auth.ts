/**
 * The user and password of an `Authorization: Basic ...` header (RFC 7617), or null when
 * the header is not Basic. The password is '' when absent, as API keys are sent.
 */
export function parseBasicAuth(
  header: string | undefined,
): { user: string; password: string } | null {
  const [scheme, encoded] = (header ?? '').trim().split(/\s+/);
  if (!/^Basic$/i.test(scheme ?? '') || !encoded) return null;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon === -1
    ? { user: decoded, password: '' }
    : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
