import { apiKeyId, newApiKey } from '../../../../src/domain/applications/api-key';
import { callbackUriProblem } from '../../../../src/domain/applications/callback-uri';
import { hashSecret, randomToken, secretMatches } from '../../../../src/base/security/secrets';

describe('secret hashing', () => {
  it('hashes with SHA-256 and never returns the secret', () => {
    const hash = hashSecret('ips_secret');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain('secret');
    expect(hashSecret('ips_secret')).toBe(hash);
  });

  it('matches only the exact secret', () => {
    const stored = hashSecret('ips_right');
    expect(secretMatches('ips_right', stored)).toBe(true);
    expect(secretMatches('ips_wrong', stored)).toBe(false);
    expect(secretMatches('', stored)).toBe(false);
    expect(secretMatches('ips_right', null)).toBe(false);
    expect(secretMatches('ips_right', 'not-hex')).toBe(false);
  });

  it('makes random tokens with 256 bits of entropy', () => {
    const a = randomToken('ips_');
    expect(a).toMatch(/^ips_[A-Za-z0-9_-]{43}$/);
    expect(randomToken('ips_')).not.toBe(a);
  });

  it('builds API keys whose id part finds the row', () => {
    const key = newApiKey();
    expect(apiKeyId(key.key)).toBe(key.id);
    expect(key.hash).toBe(hashSecret(key.key));
    expect(apiKeyId('ipk_short.x')).toBeNull();
    expect(apiKeyId('')).toBeNull();
  });
});

describe('callback URIs', () => {
  it.each([
    ['https://app.example/cb', null],
    ['https://app.example:8443/oauth/cb?x=1', null],
    ['http://app.example/cb', /must use https/],
    ['https://app.example/cb#x', /fragment/],
    ['/cb', /not an absolute URL/],
    ['https://user:pw@app.example/cb', /credentials/],
  ])('%s', (uri, expected) => {
    const problem = callbackUriProblem(uri);
    if (expected === null) expect(problem).toBeNull();
    else expect(problem).toMatch(expected);
  });
});
