import { clientCatalog } from '../../../../../src/rendering/catalog/client-catalog';
import { prepareHtml } from '../../../../../src/rendering/prepare/prepare-html';

const EMAIL = `<!DOCTYPE html><html><head><style>
@import url("https://fonts.example/x.css");
@media screen and (max-width: 600px) { .a { color: red } }
@supports (display: grid) { .a { display: grid } }
@font-face { font-family: X; src: local(Arial) }
.b { color: blue; @media (min-width: 1px) { color: green } }
</style><style media="screen">.c { color: teal }</style></head><body style="margin:0"><p class="a">x</p></body></html>`;

function prepare(code: string) {
  return prepareHtml(
    { html: EMAIL, text: null, images: [], resources: [] },
    clientCatalog.find(code)!,
    { images: 'allowed', orientation: 'vertical' },
  );
}

const slugs = (report: { list(): { slug: string }[] }) => report.list().map((e) => e.slug);

describe("Thunderbird's message view, at each profile's release", () => {
  it.each(['THUNDERBIRDLATEST', 'THUNDERBIRD128'])(
    '%s: the body content in a moz-text-html div, the body keeping its own attributes',
    (code) => {
      const { html } = prepare(code);
      expect(html).toMatch(
        /<body style="margin:0"><div class="moz-text-html" lang="x-unicode"><p class="a">x<\/p><\/div><\/body>/,
      );
    },
  );

  it('Thunderbird 60 keeps conditional rules and draws in quirks mode (no doctype)', () => {
    const { html, report } = prepare('THUNDERBIRDLATEST');
    expect(html).toContain('@media screen and (max-width: 600px)');
    expect(html).toContain('@supports (display: grid)');
    expect(html).not.toMatch(/<!DOCTYPE/i);
    expect(slugs(report)).toContain('rule:thunderbird-quirks-mode');
    expect(slugs(report)).not.toContain('rule:thunderbird-drop-conditional-css');
  });

  it('Thunderbird 128 drops top-level @import, @media and @supports, keeps the rest, in standards mode', () => {
    const { html, report } = prepare('THUNDERBIRD128');
    expect(html).not.toContain('@import');
    expect(html).not.toContain('max-width: 600px');
    expect(html).not.toContain('@supports');
    expect(html).toContain('@font-face');
    expect(html).toContain('@media (min-width: 1px)'); // nested in a rule: not at the top level
    expect(html).toContain('<style media="screen">.c { color: teal }</style>');
    expect(html).toMatch(/^<!DOCTYPE html>/i);
    expect(
      report.list().find((e) => e.slug === 'rule:thunderbird-drop-conditional-css'),
    ).toMatchObject({
      count: 3,
    });
    expect(slugs(report)).not.toContain('rule:thunderbird-quirks-mode');
  });
});
