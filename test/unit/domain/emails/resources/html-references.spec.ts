import { extractResourceReferences } from '../../../../../src/domain/emails/resources/html-references';

describe('extractResourceReferences: everything an email can make a client load', () => {
  const html = `<!doctype html><html><head>
    <link rel="stylesheet" href="https://fonts.example/css?family=Brand">
    <link rel="icon" href="https://a.example/favicon.ico">
    <!--[if mso]><link rel="stylesheet" href="https://a.example/outlook.css"><![endif]-->
    <style>
      @import url(https://a.example/theme.css);
      @font-face { font-family: Brand; src: url(https://a.example/brand-latin.woff2) format('woff2'); unicode-range: U+0000-00FF; }
      @font-face { font-family: Brand; src: url(https://a.example/brand-greek.woff2) format('woff2'); unicode-range: U+0370-03FF; }
      .hero { background: url(https://a.example/hero.png); }
    </style>
    <title>Ωmega sale</title></head>
    <body><p style="background-image:url('https://a.example/p.png')">Hello</p>
      <img src="https://a.example/logo.png" alt="Logo"><img src="cid:logo@x">
      <video poster="https://a.example/poster.jpg" controls><source src="https://a.example/v.mp4"></video>
      <picture><source srcset="https://a.example/dark.png 1x, https://a.example/dark@2x.png 2x"><img src="https://a.example/light.png"></picture>
    </body></html>`;

  it('names stylesheets (every branch, then imports), the fonts the text needs, images and posters', () => {
    const found = extractResourceReferences(html);
    expect(found.stylesheets).toEqual([
      'https://fonts.example/css?family=Brand',
      'https://a.example/outlook.css',
      'https://a.example/theme.css',
    ]);
    expect(found.fonts).toEqual([{ family: 'Brand', url: 'https://a.example/brand-latin.woff2' }]);
    expect(found.posters).toEqual(['https://a.example/poster.jpg']);
    expect(found.images).toEqual([
      'https://a.example/logo.png',
      'https://a.example/light.png',
      'https://a.example/dark.png',
      'https://a.example/dark@2x.png',
      'https://a.example/p.png',
      'https://a.example/hero.png',
    ]);
    expect(found.contentIds).toEqual(['logo@x']);
  });

  it('chooses faces by the text a reader sees: not the title, nor style text, but alt text', () => {
    const greek = html.replace('alt="Logo"', 'alt="Λογότυπο"');
    expect(extractResourceReferences(greek).fonts.map((font) => font.url)).toEqual([
      'https://a.example/brand-latin.woff2',
      'https://a.example/brand-greek.woff2',
    ]);
  });
});
