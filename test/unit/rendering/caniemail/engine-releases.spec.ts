import { clientFeatures } from '../../../../src/rendering/caniemail/client-features';
import { compatPathOf } from '../../../../src/rendering/caniemail/engine-features';
import { compatSource, lackOf } from '../../../../src/rendering/caniemail/engine-releases';
import { ClientCatalog, clientCatalog } from '../../../../src/rendering/catalog/client-catalog';
import { familyOf } from '../../../../src/rendering/families/lookup';

const features = (code: string) => {
  const profile = clientCatalog.find(code)!;
  return clientFeatures(profile, familyOf(profile));
};
const removedBy = (code: string, slug: string) =>
  features(code).find((entry) => entry.feature.slug === slug);

describe("an engine release's record (@mdn/browser-compat-data)", () => {
  it('says what a release lacked, and since which release it has it', () => {
    const ios15 = { browser: 'safari_ios', version: '15.0' } as const;
    expect(lackOf('css.types.color.light-dark', ios15)).toEqual({
      path: 'css.types.color.light-dark',
      addedIn: '17.5',
    });
    expect(lackOf('css.types.color.light-dark', { browser: 'safari_ios', version: '18.0' })).toBe(
      undefined,
    );
    expect(lackOf('css.properties.aspect-ratio', { browser: 'firefox', version: '60' })).toEqual({
      path: 'css.properties.aspect-ratio',
      addedIn: '89',
    });
  });

  it('counts a feature supported in an earlier span (outline in iOS 15, before its 15.4 rework)', () => {
    expect(lackOf('css.properties.outline', { browser: 'safari_ios', version: '15.0' })).toBe(
      undefined,
    );
  });

  it('knows nothing of a path it does not hold', () => {
    expect(lackOf('css.properties.no-such-thing', { browser: 'safari', version: '10' })).toBe(
      undefined,
    );
  });

  it("names the data, the release that added the feature and the profile's, as the source", () => {
    const release = { browser: 'safari_ios', version: '15.0' } as const;
    expect(compatSource({ path: 'css.types.color.light-dark', addedIn: '17.5' }, release)).toBe(
      "@mdn/browser-compat-data css.types.color.light-dark (Safari on iOS 17.5; the profile's engine is Safari on iOS 15.0)",
    );
  });

  it('maps caniemail features onto the data', () => {
    expect(compatPathOf('css-function-light-dark')).toBe('css.types.color.light-dark');
    expect(compatPathOf('css-aspect-ratio')).toBe('css.properties.aspect-ratio');
    expect(compatPathOf('css-pseudo-class-has')).toBe('css.selectors.has');
    expect(compatPathOf('css-at-media-hover')).toBe('css.at-rules.media.hover');
    expect(compatPathOf('html-video')).toBe(undefined);
  });
});

describe('each profile at its version: caniemail first, then the engine release', () => {
  it("removes what the release lacked where caniemail has no test at the profile's version", () => {
    // caniemail css-function-light-dark tests iOS 17.5.1 alone
    expect(removedBy('IPHONE13', 'css-function-light-dark')).toMatchObject({
      unsupported: true,
      source: expect.stringContaining('Safari on iOS 17.5'),
    });
    expect(removedBy('IPHONE16', 'css-function-light-dark')).toBe(undefined);
  });

  it("keeps caniemail's own test where it has one at the version (font-size-adjust, iOS 15: n)", () => {
    const entry = removedBy('IPHONE13', 'css-font-size-adjust');
    expect(entry).toMatchObject({ unsupported: true });
    expect(entry?.source).toBe(undefined);
  });

  it('removes properties caniemail never names, where the release lacked them', () => {
    const gecko60 = features('THUNDERBIRDLATEST').map((entry) => entry.feature.slug);
    expect(gecko60).toEqual(expect.arrayContaining(['css-aspect-ratio', 'compat-contain']));
    expect(features('THUNDERBIRD128').map((entry) => entry.feature.slug)).not.toContain(
      'compat-contain',
    );
  });

  it('leaves engines updated with the browser alone (a current Android WebView, webmail browsers)', () => {
    // Android 6's WebView stopped at Chrome 106, the last Chrome for Android 6
    expect(clientCatalog.find('ANDROIDGMAILAPP')!.versions.release).toEqual({
      browser: 'chrome_android',
      version: '106',
    });
    for (const code of ['ANDROID14GMAILAPP', 'GMAILNEW', 'FFOUTLOOKCOM', 'OL2019'])
      expect({ code, fromRelease: features(code).filter((e) => e.source).length }).toEqual({
        code,
        fromRelease: 0,
      });
  });

  it('refuses a profile whose engine release is not a known browser and version', () => {
    const iphone = clientCatalog.find('IPHONE13')!;
    const bad = (release: unknown) => () =>
      new ClientCatalog({ X: { ...iphone, code: 'X', versions: { ...iphone.versions, release } } });
    expect(bad({ browser: 'netscape', version: '4' })).toThrow(/release .* is not \{ browser/);
    expect(bad({ browser: 'safari', version: 'latest' })).toThrow(/release .* is not \{ browser/);
    expect(() => new ClientCatalog({ X: { ...iphone, code: 'X', versions: undefined } })).toThrow(
      /versions/,
    );
  });
});
