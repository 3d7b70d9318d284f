import { fontSourceUrl } from '../../../../../src/domain/emails/resources/font-source';
import { stylesheetReferences } from '../../../../../src/domain/emails/resources/stylesheet-references';
import {
  codePointsOf,
  coversAny,
  parseUnicodeRange,
} from '../../../../../src/domain/emails/resources/unicode-range';

const LATIN = codePointsOf('Hello, world');

describe('unicode-range', () => {
  it('reads single points, ranges and wildcards; an invalid descriptor covers everything', () => {
    expect(parseUnicodeRange('U+26')).toEqual([[0x26, 0x26]]);
    expect(parseUnicodeRange('U+0000-00FF, u+4??')).toEqual([
      [0, 0xff],
      [0x400, 0x4ff],
    ]);
    expect(parseUnicodeRange(undefined)).toEqual([[0, 0x10ffff]]);
    expect(parseUnicodeRange('U+00FF-0000')).toEqual([[0, 0x10ffff]]);
    expect(parseUnicodeRange('U+4?5')).toEqual([[0, 0x10ffff]]);
    expect(parseUnicodeRange('latin')).toEqual([[0, 0x10ffff]]);
  });

  it("says whether a face covers a character the email shows (Google Fonts' subsets)", () => {
    const latin = parseUnicodeRange('U+0000-00FF, U+0131, U+0152-0153, U+2000-206F');
    const cyrillic = parseUnicodeRange('U+0301, U+0400-045F, U+0490-0491, U+04B0-04B1, U+2116');
    expect(coversAny(latin, LATIN)).toBe(true);
    expect(coversAny(cyrillic, LATIN)).toBe(false);
    expect(coversAny(cyrillic, codePointsOf('Привет'))).toBe(true);
  });
});

describe('fontSourceUrl: the file an engine downloads', () => {
  it('takes the first url() in a format engines load, passing over local() and the rest', () => {
    expect(
      fontSourceUrl(
        `local('Brand'), url(a.eot) format('embedded-opentype'), url("b.woff2") format("woff2"), url(c.woff) format('woff')`,
      ),
    ).toBe('b.woff2');
    expect(fontSourceUrl('url(plain.ttf)')).toBe('plain.ttf');
    expect(fontSourceUrl('url(v.woff2) format(woff2-variations)')).toBe('v.woff2');
    expect(fontSourceUrl(`url(x.svg#f) format('svg')`)).toBeNull();
    expect(fontSourceUrl(`local(Arial)`)).toBeNull();
  });
});

describe('stylesheetReferences', () => {
  const base = 'https://fonts.example/css/brand.css';

  it('finds imports, the font files a text needs and images, resolved against the stylesheet', () => {
    const css = `
      @charset "utf-8";
      @import url("reset.css");
      @import 'https://cdn.example/theme.css' screen;
      /* latin */
      @font-face { font-family: 'Brand Sans'; src: url(../f/brand-latin.woff2) format('woff2'); unicode-range: U+0000-00FF; }
      /* cyrillic */
      @font-face { font-family: 'Brand Sans'; src: url(../f/brand-cyr.woff2) format('woff2'); unicode-range: U+0400-045F; }
      .hero { background: url(/img/hero.png) no-repeat; }
      @media (max-width: 600px) { .hero { background-image: url('hero-small.png'); } }`;
    expect(stylesheetReferences(css, base, LATIN)).toEqual({
      imports: ['https://fonts.example/css/reset.css', 'https://cdn.example/theme.css'],
      fonts: [{ family: 'Brand Sans', url: 'https://fonts.example/f/brand-latin.woff2' }],
      images: ['https://fonts.example/img/hero.png', 'https://fonts.example/css/hero-small.png'],
    });
  });

  it('ignores an @import after a rule, as engines do, and URLs that are not http(s)', () => {
    const css = `p { color: red } @import url(late.css); .x { background: url(data:image/png;base64,AAAA) }`;
    expect(stylesheetReferences(css, base, LATIN)).toEqual({ imports: [], fonts: [], images: [] });
  });

  it('keeps only absolute URLs in a <style> block, which has no base of its own', () => {
    const css = `@import url(relative.css); @import url(https://a.example/s.css);`;
    expect(stylesheetReferences(css, undefined, LATIN).imports).toEqual([
      'https://a.example/s.css',
    ]);
  });

  it('recovers from broken CSS as engines do: an unclosed block still loads its font', () => {
    const css = `@font-face { font-family: Brand; src: url(brand.woff2) format('woff2')`;
    expect(stylesheetReferences(css, base, LATIN).fonts).toEqual([
      { family: 'Brand', url: 'https://fonts.example/css/brand.woff2' },
    ]);
  });
});

describe('stylesheetReferences in a large style block', () => {
  it('parses only where imports and faces stand: a font file is not an image, an import not a url()', () => {
    const rules = '.c { color: red; background: url(https://x.example/a.png) }\n'.repeat(20_000);
    const css = `@import url(https://x.example/s.css);\n${rules}@font-face { font-family: F; src: url(https://x.example/f.woff2) }`;
    expect(stylesheetReferences(css, undefined, LATIN)).toEqual({
      imports: ['https://x.example/s.css'],
      fonts: [{ family: 'F', url: 'https://x.example/f.woff2' }],
      images: Array(20_000).fill('https://x.example/a.png'),
    });
  });
});
