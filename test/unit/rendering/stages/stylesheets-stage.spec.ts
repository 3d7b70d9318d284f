import { clientCatalog } from '../../../../src/rendering/catalog/client-catalog';
import type { RenderResource } from '../../../../src/rendering/model/email-content';
import { prepareHtml } from '../../../../src/rendering/prepare/prepare-html';

const BASE = 'https://cdn.example/css/';
const sheet = (url: string, css: string, from?: string): RenderResource => ({
  url: new URL(url, BASE).href,
  kind: 'stylesheet',
  status: 'stored',
  contentType: 'text/css',
  data: Buffer.from(css),
  ...(from ? { from: new URL(from, BASE).href } : {}),
});

function prepare(code: string, html: string, resources: RenderResource[]) {
  return prepareHtml({ html, text: null, images: [], resources }, clientCatalog.find(code)!, {
    images: 'allowed',
    orientation: 'vertical',
  });
}

describe('the stylesheets stage: what a client loads of linked and imported stylesheets', () => {
  const linked = `<html><head><link rel="stylesheet" href="${BASE}main.css" media="screen"></head><body><p class="a">x</p></body></html>`;

  it('puts a linked stylesheet in place in Apple Mail, its imports expanded where they stood and its URLs resolved against it', () => {
    const resources = [
      sheet('main.css', '@import "parts/base.css";\n.a { background: url(img/bg.png); }'),
      sheet('parts/base.css', '.base { color: red; }', 'main.css'),
    ];
    const { html, report } = prepare('APPMAIL15', linked, resources);
    expect(html).not.toContain('<link');
    const base = html.indexOf('.base');
    const own = html.indexOf('.a {');
    expect(base).toBeGreaterThan(-1);
    expect(own).toBeGreaterThan(base); // the imported rules come first, as in the cascade
    expect(html).toContain('@media screen');
    expect(html).not.toContain('https://cdn.example/css/img/bg.png'); // an image: served or missing
    expect(report.list()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          slug: 'resource:stylesheet',
          title: 'Stylesheet loaded',
          where: `${BASE}main.css`,
        }),
        expect.objectContaining({
          slug: 'resource:stylesheet',
          title: 'Stylesheet loaded',
          where: `${BASE}parts/base.css (from ${BASE}main.css)`,
          source: 'caniemail css-at-import',
        }),
      ]),
    );
  });

  it('ends an import loop: each stylesheet of a cycle once', () => {
    const resources = [
      sheet('main.css', '@import "b.css";\n.a { color: red; }'),
      sheet('b.css', '@import "main.css";\n.b { color: blue; }', 'main.css'),
    ];
    const { html } = prepare('APPMAIL15', linked, resources);
    expect(html.match(/\.a \{/g)).toHaveLength(1);
    expect(html.match(/\.b \{/g)).toHaveLength(1);
    expect(html).not.toContain('@import');
  });

  it('leaves Outlook.com without it, and says so with the source', () => {
    const { html, report } = prepare('OUTLOOKCOM', linked, [
      sheet('main.css', '.a { color: red; }'),
    ]);
    expect(html).not.toContain('.a {');
    expect(html).not.toContain('<link');
    expect(report.list()).toContainEqual(
      expect.objectContaining({
        slug: 'resource:stylesheet',
        title: 'Stylesheet not loaded: this client does not load it',
        source: 'caniemail html-link',
      }),
    );
  });

  it('removes a stylesheet with no stored copy and reports why', () => {
    const missing: RenderResource = {
      url: `${BASE}main.css`,
      kind: 'stylesheet',
      status: 'failed',
      reason: 'HTTP 404',
    };
    const { html, report } = prepare('APPMAIL15', linked, [missing]);
    expect(html).not.toContain('<link');
    expect(report.list()).toContainEqual(
      expect.objectContaining({ title: 'Stylesheet missing: failed at POST (HTTP 404)' }),
    );
  });

  it("expands a <style> block's @import in Apple Mail; Gmail drops it", () => {
    const html = `<html><head><style>@import url("${BASE}main.css"); .own { color: blue; }</style></head><body><p class="own">x</p></body></html>`;
    const resources = [sheet('main.css', '.imported { color: red; }')];
    expect(prepare('APPMAIL15', html, resources).html).toContain('.imported');
    const gmail = prepare('GMAILNEW', html, resources).html;
    expect(gmail).not.toContain('.imported');
    expect(gmail).not.toContain('@import');
  });
});
