import { CatalogueError } from '../../../../src/rendering/catalog/catalog-validation';
import { ClientCatalog } from '../../../../src/rendering/catalog/client-catalog';
import { catalogueProfiles } from '../../../../src/rendering/catalog/catalogue-profiles';
import listing from '../../../../src/rendering/catalog/listing-order.json';
import { CLIENT_FAMILIES } from '../../../../src/rendering/families/lookup';
import type { ClientFamily } from '../../../../src/rendering/model/client-family';

const PROFILES = catalogueProfiles(CLIENT_FAMILIES.values()) as Record<
  string,
  Record<string, unknown>
>;

/** The catalogue with one profile changed: what loading it throws, or null. */
function loadWith(code: string, change: Record<string, unknown>): string | null {
  const profile: Record<string, unknown> = { ...PROFILES[code], ...change };
  for (const [field, value] of Object.entries(change))
    if (value === undefined) delete profile[field];
  try {
    new ClientCatalog({ ...PROFILES, [code]: profile });
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(CatalogueError);
    return (error as Error).message;
  }
}

describe("the catalogue gathered from the families' folders", () => {
  const family = (name: string, codes: string[]) =>
    ({
      name,
      profiles: Object.fromEntries(codes.map((code) => [code, { code }])),
    }) as unknown as ClientFamily;

  it("gives each profile its folder's family, listed in the listing's order, the unlisted after", () => {
    const gathered = catalogueProfiles(
      [family('one', ['NEW1', 'B']), family('two', ['A', 'NEW2'])],
      ['A', 'B'],
    );
    expect(Object.keys(gathered)).toEqual(['A', 'B', 'NEW1', 'NEW2']);
    expect(gathered.NEW2).toEqual({ code: 'NEW2', family: 'two' });
  });

  it('refuses a code two families claim', () => {
    expect(() => catalogueProfiles([family('one', ['A']), family('two', ['A'])])).toThrow(
      'A is a profile of both one and two',
    );
  });

  it('lists every shipped profile, each once, in the order the service has always listed them', () => {
    expect(Object.keys(PROFILES)).toEqual(listing.order);
  });
});

describe('client catalogue validation', () => {
  it('loads the shipped catalogue, each profile with a registered family', () => {
    const catalog = new ClientCatalog();
    expect(catalog.codes().length).toBeGreaterThan(100);
    expect(catalog.find('OL2019')).toMatchObject({ family: 'outlook-word', mso: 16 });
  });

  it('fails on a mistyped family, naming the profile and the value', () => {
    expect(loadWith('GMAILNEW', { family: 'gmial' })).toMatch(
      /GMAILNEW: family "gmial" is not one of .*gmail/,
    );
  });

  it("fails on a rule the profile's family does not know", () => {
    expect(loadWith('OL2019', { rules: ['dpi-12O'] })).toMatch(
      /OL2019: rules "dpi-12O" is not one of dpi-120/,
    );
    expect(loadWith('GMAILNEW', { rules: ['dpi-120'] })).toMatch(/GMAILNEW: rules "dpi-120"/);
  });

  it('fails when a field the family needs is missing (Word profiles need mso)', () => {
    expect(loadWith('OL2016', { mso: undefined })).toMatch(
      /OL2016: mso is required by the outlook-word family/,
    );
  });

  it('fails on a caniemail column that does not exist, a capture rule or a value out of its list', () => {
    expect(
      loadWith('YAHOO', { caniemail: { family: 'yahooo', platform: 'desktop-webmail' } }),
    ).toMatch(/YAHOO: caniemail yahooo\/desktop-webmail is not a column of caniemail's data/);
    expect(loadWith('IPHONE15', { capture: ['fit-to-widht'] })).toMatch(
      /IPHONE15: capture "fit-to-widht"/,
    );
    expect(loadWith('APPMAIL16', { dark: 'dark' })).toMatch(/APPMAIL16: dark "dark" is not one of/);
    expect(loadWith('APPMAIL16', { viewport: { width: 900 } })).toMatch(/APPMAIL16: viewport/);
  });

  it('names every bad profile at once', () => {
    const message = (() => {
      try {
        new ClientCatalog({
          ...PROFILES,
          OL2019: { ...PROFILES.OL2019, family: 'word' },
          YAHOO: { ...PROFILES.YAHOO, rules: ['gmail'] },
        });
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).toMatch(/OL2019: family "word"/);
    expect(message).toMatch(/YAHOO: rules "gmail"/);
  });
});
