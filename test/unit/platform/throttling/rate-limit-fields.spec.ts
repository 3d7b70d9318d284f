import { announceRateLimit } from '../../../../src/platform/throttling/rate-limit-fields';

/** The header part of a response, as Express keeps it. */
function answer() {
  const headers = new Map<string, string>();
  return {
    headers,
    getHeader: (name: string) => headers.get(name.toLowerCase()),
    setHeader(name: string, value: string) {
      headers.set(name.toLowerCase(), value);
      return this;
    },
  };
}

describe('announceRateLimit', () => {
  const emails = { name: 'emails', limit: 3, windowMs: 60_000 };
  const failures = { name: 'auth-failures', limit: 20, windowMs: 600_000 };

  it('lists each throttle the request met, one member per policy, in the order met', () => {
    const response = answer();
    announceRateLimit(response as never, failures, {
      hits: 2,
      windowLeftMs: 500_000,
      blockedForMs: 0,
    });
    announceRateLimit(response as never, emails, {
      hits: 1,
      windowLeftMs: 59_001,
      blockedForMs: 0,
    });
    expect(response.headers.get('ratelimit-policy')).toBe(
      '"auth-failures";q=20;w=600, "emails";q=3;w=60',
    );
    expect(response.headers.get('ratelimit')).toBe('"auth-failures";r=18;t=500, "emails";r=2;t=60');
  });

  it('replaces its own member when named again, and says 0 left until the block ends', () => {
    const response = answer();
    announceRateLimit(response as never, failures, { hits: 0, windowLeftMs: 0, blockedForMs: 0 });
    announceRateLimit(response as never, failures, {
      hits: 20,
      windowLeftMs: 1,
      blockedForMs: 600_000,
    });
    expect(response.headers.get('ratelimit')).toBe('"auth-failures";r=0;t=600');
  });
});
