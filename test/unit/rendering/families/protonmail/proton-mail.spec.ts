import { clientFeatures } from '../../../../../src/rendering/caniemail/client-features';
import { clientCatalog } from '../../../../../src/rendering/catalog/client-catalog';
import { wrapBodyLikeProton } from '../../../../../src/rendering/families/protonmail/body';
import { rewriteProtonStyles } from '../../../../../src/rendering/families/protonmail/style-rewrites';
import { familyOf } from '../../../../../src/rendering/families/lookup';
import { preparationFor } from '../../../../support/preparation';

const proton = (html: string) => {
  const p = preparationFor(html, 'PROTONMAIL');
  rewriteProtonStyles(p);
  wrapBodyLikeProton(p);
  return p;
};

describe('Proton Mail family', () => {
  it('rewrites positions and percentage heights in style blocks and attributes', () => {
    const { $ } = proton(
      `<html><head><style>.a { position: absolute !important; height: 50%; line-height: 150%; max-height: 50% }
      .b { position: sticky; min-height: 100vh }</style></head>
      <body><div style="position:fixed;min-height:20%">x</div></body></html>`,
    );
    const css = $('style').text();
    expect(css).toContain(
      '.a { position: relative !important; height: unset; line-height: 150%; max-height: 50% }',
    );
    expect(css).toContain('.b { position: inherit; min-height: auto }');
    expect($('#proton-root div[style*="min-height"]').attr('style')).toBe(
      'position:inherit;min-height:unset',
    );
  });

  it('unsets offsets and negative margins in style attributes only, longhand by longhand', () => {
    const { $, report } = proton(
      `<html><head><style>.c { top: 5px; margin: -5px }</style></head>
      <body><p id="p" style="top:5px;bottom:5px;margin:-10px 4px 0;white-space:pre">x</p></body></html>`,
    );
    expect($('style').text()).toContain('.c { top: 5px; margin: -5px }');
    expect($('#p').attr('style')).toBe(
      'top:unset;bottom:5px;margin-top:unset;margin-right:4px;margin-bottom:0;margin-left:4px;white-space:pre-wrap',
    );
    expect(report.list().map((entry) => entry.where)).toContain('style attribute');
  });

  it('drops top-level media queries on the height, keeps those on the width', () => {
    const { $ } = proton(
      `<html><head><style>@media (max-height: 400px) { .a { color: red } }
      @media screen and (max-width: 600px) { .a { color: blue } }</style></head><body></body></html>`,
    );
    expect($('style').text()).not.toContain('max-height');
    expect($('style').text()).toContain('(max-width: 600px)');
  });

  it("keeps the body's class and style on a div inside Proton's wrappers, drops the rest", () => {
    const { $ } = proton(
      '<html><body class="body" style="color:red" bgcolor="#000"><p>x</p></body></html>',
    );
    expect($('body').attr()).toEqual({});
    const div = $('#proton-root > div > div > div');
    expect(div.attr()).toEqual({ class: 'body', style: 'color:red' });
    expect(div.children('p').length).toBe(1);
  });

  it("supersedes caniemail's 2020 selector values, not its other ones", () => {
    const profile = clientCatalog.find('PROTONMAIL')!;
    const slugs = clientFeatures(profile, familyOf(profile)).map((entry) => entry.feature.slug);
    expect(slugs).not.toContain('css-selector-class');
    expect(slugs).not.toContain('css-pseudo-element-before');
    expect(slugs).toContain('css-pseudo-class-first-child');
    expect(slugs).toContain('html-form');
  });
});
