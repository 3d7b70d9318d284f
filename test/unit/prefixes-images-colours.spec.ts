import { invertColor, invertColors } from '../../src/rendering/transforms/dark-mode';
import { parseEmail } from '../../src/rendering/transforms/email-document';
import { ASSET_ORIGIN, MISSING_IMAGE, resolveImages } from '../../src/rendering/transforms/images';
import {
  applyOutlookComPrefixes,
  applyYahooRules,
  YAHOO_ID,
} from '../../src/rendering/transforms/prefixes';
import { RenderReport } from '../../src/rendering/transforms/render-report';

describe('Outlook.com prefixes', () => {
  it('prefixes classes and ids with x_, and only the first selector of a list', () => {
    const $ = parseEmail(
      '<html><head><style>.a, .b { color: red } #main .c { margin: 0 }</style></head><body><div id="main" class="a b"><p class="c">x</p></div></body></html>',
    );
    applyOutlookComPrefixes($, new RenderReport());
    expect($('#x_main').attr('class')).toBe('x_a x_b');
    expect($('style').text()).toContain('.x_a, .b { color: red }');
    expect($('style').text()).toContain('#x_main .x_c');
  });
});

describe('Yahoo/AOL rules', () => {
  it('prefixes with yiv, scopes selectors and turns height into min-height', () => {
    const $ = parseEmail(
      '<html><head><style>.hero { height: 200px } body { margin: 0 }</style></head><body><div class="hero" style="height:50px">x</div></body></html>',
    );
    applyYahooRules($, new RenderReport());
    const css = $('style').text();
    expect(css).toContain(`#${YAHOO_ID} .${YAHOO_ID}hero { min-height: 200px }`);
    expect(css).toContain(`#${YAHOO_ID} { margin: 0 }`);
    expect($(`.${YAHOO_ID}hero`).attr('style')).toBe('min-height:50px');
    expect($(`#${YAHOO_ID} > .${YAHOO_ID}hero`).length).toBe(1);
  });
});

describe('image resolution', () => {
  const png = { url: 'https://x.test/a.png', contentType: 'image/png', data: Buffer.from('png') };
  const html = `<html><head><style>.h { background: #fff url('https://x.test/a.png') no-repeat }</style></head><body>
    <img id="stored" src="https://x.test/a.png" alt="A"><img id="gone" src="https://x.test/missing.png" alt="B">
    <table><tr><td background="https://x.test/a.png"></td></tr></table><div style="background-image:url(https://x.test/a.png)">x</div></body></html>`;

  it('serves stored copies from the asset origin and fails missing ones', () => {
    const $ = parseEmail(html);
    const plan = resolveImages($, [png], 'allowed', new Set(), true, new RenderReport());
    expect($('#stored').attr('src')).toMatch(new RegExp(`^${ASSET_ORIGIN}/\\d+$`));
    expect($('#gone').attr('src')).toBe(MISSING_IMAGE);
    expect($('td').attr('background')).toMatch(new RegExp(`^${ASSET_ORIGIN}/`));
    expect($('style').text()).toMatch(new RegExp(`url\\(${ASSET_ORIGIN}/\\d+\\)`));
    expect(plan.served.size).toBe(4);
  });

  it('blocks every image and background with images=blocked, keeping alt text', () => {
    const $ = parseEmail(html);
    const plan = resolveImages($, [png], 'blocked', new Set(), true, new RenderReport());
    expect(plan.served.size).toBe(0);
    expect($('#stored').attr('src')).toBe(MISSING_IMAGE);
    expect($('#stored').attr('alt')).toBe('A');
    expect($('td').attr('background')).toBeUndefined();
    expect($('div').attr('style')).toBeUndefined();
    expect($('style').text()).not.toContain('url(');
    expect($('style').text()).toContain('#fff');
  });

  it('treats image types the client cannot show as missing', () => {
    const $ = parseEmail('<img src="https://x.test/a.webp">');
    const webp = {
      url: 'https://x.test/a.webp',
      contentType: 'image/webp',
      data: Buffer.from('w'),
    };
    resolveImages($, [webp], 'allowed', new Set(['image/webp']), true, new RenderReport());
    expect($('img').attr('src')).toBe(MISSING_IMAGE);
  });
});

describe('dark-mode colour rewriting', () => {
  it('full inversion flips the lightness of every colour', () => {
    expect(invertColor('#ffffff', 'background', 'full-inversion')).toBe('#000000');
    expect(invertColor('#000000', 'text', 'full-inversion')).toBe('#ffffff');
    expect(invertColor('#202020', 'background', 'full-inversion')).toBe('#dedede');
  });

  it('partial inversion darkens light backgrounds and lightens dark text only', () => {
    expect(invertColor('#ffffff', 'background', 'partial-inversion')).toBe('#000000');
    expect(invertColor('#111111', 'background', 'partial-inversion')).toBeNull();
    expect(invertColor('#222222', 'text', 'partial-inversion')).toBe('#dedede');
    expect(invertColor('#eeeeee', 'text', 'partial-inversion')).toBeNull();
  });

  it('rewrites style blocks, style attributes and legacy colour attributes', () => {
    const $ =
      parseEmail(`<html><head><style>.a { color: #000; border: 1px solid #ccc }</style></head>
      <body><table bgcolor="#ffffff"><tr><td style="background-color: white; color: rgb(0, 0, 0)"><font color="#333333">x</font></td></tr></table></body></html>`);
    invertColors($, 'full-inversion', new RenderReport());
    expect($('style').text()).toContain('color: #ffffff');
    expect($('style').text()).toContain('1px solid #333333');
    expect($('table').attr('bgcolor')).toBe('#000000');
    expect($('td').attr('style')).toBe('background-color: #000000;color: #ffffff');
    expect($('font').attr('color')).toBe('#cccccc');
  });
});
