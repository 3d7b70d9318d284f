import { ClientAliases } from '../../../../src/rendering/catalog/client-aliases';
import { clientCatalog } from '../../../../src/rendering/catalog/client-catalog';

const DAY_MS = 86_400_000;
const deprecated = '2026-12-01T00:00:00Z';
const sunset = new Date(Date.parse(deprecated) + 90 * DAY_MS).toISOString();

describe('ClientAliases', () => {
  it('answers a retired code with its successor from deprecation until the sunset, not after', () => {
    const aliases = new ClientAliases({ ol2016old: { successor: 'ol2016', deprecated, sunset } });
    const before = new Date(Date.parse(sunset) - 1);
    expect(aliases.find('OL2016OLD', before)).toEqual({
      code: 'OL2016OLD',
      successor: 'OL2016',
      deprecated: new Date(deprecated),
      sunset: new Date(sunset),
    });
    expect(aliases.find('ol2016old', before)?.successor).toBe('OL2016');
    expect(aliases.find('OL2016OLD', new Date(sunset))).toBeUndefined();
    expect(aliases.find('OL2016', before)).toBeUndefined();
  });

  it('loads the shipped data file against the catalogue', () => {
    const shipped = new ClientAliases().all();
    for (const retired of shipped) expect(clientCatalog.find(retired.successor)).toBeDefined();
  });

  it.each([
    [{ OL2019: { successor: 'OL2016', deprecated, sunset } }, 'is a current client code'],
    [{ GONE: { successor: 'NOPE', deprecated, sunset } }, 'successor NOPE is not a client code'],
    [{ GONE: { successor: 'OL2016', deprecated: 'soon', sunset } }, 'must be ISO 8601 dates'],
    [
      {
        GONE: {
          successor: 'OL2016',
          deprecated,
          sunset: new Date(Date.parse(sunset) - 1).toISOString(),
        },
      },
      '90 days or more after its deprecation',
    ],
  ])('refuses to load an alias that %j', (aliases, why) => {
    expect(() => new ClientAliases(aliases)).toThrow(why);
  });
});
