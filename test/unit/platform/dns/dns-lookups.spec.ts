import { loadConfig } from '../../../../src/platform/config/app-config';
import { DnsLookups } from '../../../../src/platform/dns/dns-lookups';
import { LocalDns, startDnsServer, startSilentDns } from '../../../support/dns-server';

describe('DnsLookups', () => {
  let dns: LocalDns;
  beforeAll(async () => (dns = await startDnsServer({ 'a.test': [['v=spf1 -all']] })));
  afterAll(async () => dns.close());

  it('asks DNS_SERVERS, and keeps an answer and a name’s absence', async () => {
    const lookups = new DnsLookups(loadConfig({ DNS_SERVERS: dns.server }).dns);
    expect(lookups.servers).toEqual([dns.server]);
    expect(await lookups.resolve('a.test', 'TXT')).toEqual([['v=spf1 -all']]);
    await expect(lookups.resolve('b.test', 'TXT')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    const asked = dns.queries.length;
    expect(await lookups.resolve('A.test', 'TXT')).toEqual([['v=spf1 -all']]);
    await expect(lookups.resolve('b.test', 'TXT')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    expect(dns.queries).toHaveLength(asked);
  });

  it('fails a lookup nobody answers with ETIMEOUT, and asks again next time', async () => {
    const silent = await startSilentDns();
    try {
      const lookups = new DnsLookups(
        loadConfig({ DNS_SERVERS: silent.server, DNS_TIMEOUT_MS: '100' }).dns,
      );
      await expect(lookups.resolve('a.test', 'TXT')).rejects.toMatchObject({ code: 'ETIMEOUT' });
      await expect(lookups.resolve('a.test', 'TXT')).rejects.toMatchObject({ code: 'ETIMEOUT' });
    } finally {
      await silent.close();
    }
  });

  it('refuses a DNS_SERVERS that is not a list of addresses', () => {
    expect(() => loadConfig({ DNS_SERVERS: 'dns.example' })).toThrow(/DNS_SERVERS/);
    expect(loadConfig({ DNS_SERVERS: '127.0.0.1:53,[::1]:5353' }).dns.servers).toEqual([
      '127.0.0.1:53',
      '[::1]:5353',
    ]);
  });
});
