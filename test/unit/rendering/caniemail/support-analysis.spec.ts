import { clientCatalog } from '../../../../src/rendering/catalog/client-catalog';
import { featuresUsed } from '../../../../src/rendering/caniemail/feature-usage';
import { supportAnalysis } from '../../../../src/rendering/caniemail/support-analysis';
import { cerberusHybridTemplate, mjmlColumns } from '../../../support/framework-emails';

const profiles = (...codes: string[]) => codes.map((code) => clientCatalog.find(code)!);
const positionsOf = (html: string, slug: string) =>
  featuresUsed(html).find((use) => use.slug === slug)?.positions ?? [];

/** The 1-based line and column of the n-th `needle` in `source`: where a reader finds it. */
function spotOf(source: string, needle: string, nth = 0) {
  let offset = -1;
  for (let index = 0; index <= nth; index++) offset = source.indexOf(needle, offset + 1);
  const before = source.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

describe('featuresUsed: the caniemail features an email uses, where its source uses them', () => {
  const cerberus = cerberusHybridTemplate('https://images.example');

  it('finds Cerberus’ media query, its inline border-radius and its style sheet at their lines', () => {
    expect(positionsOf(cerberus, 'css-at-media')).toContainEqual(spotOf(cerberus, '@media screen'));
    // Inside a multi-line style attribute: the declaration's own line, not the attribute's.
    expect(positionsOf(cerberus, 'css-border-radius')).toContainEqual(
      spotOf(cerberus, 'border-radius: 4px'),
    );
    // The first <style> sits in an `[if mso]` comment: Outlook's alone, not read here.
    expect(positionsOf(cerberus, 'html-style')).toEqual([spotOf(cerberus, '<style>', 1)]);
    expect(positionsOf(cerberus, 'css-max-width')[0]).toEqual(spotOf(cerberus, 'max-width: 100%'));
  });

  it('reads MJML’s compiled output the same way (its media queries and inline display)', async () => {
    const html = await mjmlColumns('https://images.example');
    const slugs = featuresUsed(html).map((use) => use.slug);
    expect(slugs).toEqual(expect.arrayContaining(['css-at-media', 'css-display', 'html-style']));
    expect(positionsOf(html, 'css-at-media')[0]).toEqual(spotOf(html, '@media'));
  });

  it('finds nothing in plain text, and an SVG element and a WebP image by their tags', () => {
    expect(featuresUsed('just words')).toEqual([]);
    const html = '<p>x</p>\n  <svg width="1"></svg><img src="a.webp?v=1" alt="">';
    expect(positionsOf(html, 'html-svg')).toEqual([{ line: 2, column: 3 }]);
    expect(positionsOf(html, 'image-webp')).toEqual([{ line: 2, column: 24 }]);
  });

  it('never changes or runs the email: a hostile sheet is read, not obeyed', () => {
    const html = '<style>@import url(https://evil.example/x.css); .a{display:flex</style>';
    expect(featuresUsed(html).map((use) => use.slug)).toEqual(
      expect.arrayContaining(['css-at-import', 'css-display-flex']),
    );
  });
});

describe('supportAnalysis: what the used features meet in a set of clients', () => {
  const uses = featuresUsed(
    '<style>.a{display:flex} @media (prefers-color-scheme: dark){.a{color:#fff}}</style>',
  );

  it('names the clients lacking each feature, with caniemail’s notes, and scores each client', () => {
    const analysis = supportAnalysis(uses, profiles('OL2019', 'APPMAIL16'));
    const flex = analysis.features.find((feature) => feature.slug === 'css-display-flex')!;
    expect(flex.source).toBe('https://www.caniemail.com/features/css-display-flex/');
    expect(flex.lacking.map((lack) => lack.client)).toEqual(['OL2019']);
    expect(analysis.score.clients.APPMAIL16).toBe(1);
    expect(analysis.score.clients.OL2019).toBeLessThan(1);
    // Equal shares by default: the mean of the two.
    const { OL2019, APPMAIL16 } = analysis.score.clients as Record<string, number>;
    expect(analysis.score.overall).toBeCloseTo((OL2019 + APPMAIL16) / 2, 2);
  });

  it('weights the overall score by the readers’ shares, unlisted clients weighing nothing', () => {
    const analysis = supportAnalysis(uses, profiles('OL2019', 'APPMAIL16'), { APPMAIL16: 3 });
    expect(analysis.score.overall).toBe(1);
    const both = supportAnalysis(uses, profiles('OL2019', 'APPMAIL16'), {
      APPMAIL16: 1,
      OL2019: 1,
    });
    expect(both.score.overall).toBeLessThan(1);
  });

  it('scores null where nothing is known, and lists features every client supports with none lacking', () => {
    expect(supportAnalysis([], profiles('OL2019')).score).toEqual({
      overall: null,
      clients: { OL2019: null },
    });
    const style = supportAnalysis(featuresUsed('<b>x</b>'), profiles('APPMAIL16'));
    expect(style.features.every((feature) => feature.lacking.length === 0)).toBe(true);
  });
});
