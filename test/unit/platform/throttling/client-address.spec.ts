import { normalizeAddress } from '../../../../src/platform/throttling/client-address';

describe('normalizeAddress: one spelling per host for the failure counters', () => {
  it.each([
    ['5.5.5.5', '5.5.5.5'],
    ['5.5.5.5:1234', '5.5.5.5'],
    [' 5.5.5.5:999 ', '5.5.5.5'],
    ['::ffff:5.5.5.5', '5.5.5.5'],
    ['[::ffff:5.5.5.5]:80', '5.5.5.5'],
    ['2001:db8::1', '2001:db8::/64'],
    ['[2001:db8::1]', '2001:db8::/64'],
    ['[2001:DB8::2]:443', '2001:db8::/64'],
    ['2001:DB8:0:0:FFFF::3', '2001:db8::/64'],
    ['2001:db8:0:1::1', '2001:db8:0:1::/64'],
  ])('%s counts as %s', (written, counted) => {
    expect(normalizeAddress(written)).toBe(counted);
  });

  it('leaves text that is no address as written', () => {
    expect(normalizeAddress('unknown')).toBe('unknown');
    expect(normalizeAddress('[not an address]:80')).toBe('[not an address]:80');
  });
});
