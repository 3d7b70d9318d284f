import {
  applyOutlookComPrefixes,
  OUTLOOK_COM_BODY_CLASS,
} from '../../../../../src/rendering/families/outlook-com/prefixes';
import {
  applyYahooRules,
  YAHOO_ID,
} from '../../../../../src/rendering/families/yahoo-aol/yahoo-rules';
import { ASSET_ORIGIN, MISSING_IMAGE } from '../../../../../src/rendering/model/email-content';
import { parseEmail } from '../../../../../src/rendering/model/email-document';
import { RenderReport } from '../../../../../src/rendering/model/render-report';
import { invertColor, invertColors } from '../../../../../src/rendering/stages/colour-inversion';
import { resolveImages } from '../../../../../src/rendering/stages/images';
import { preparationFor } from '../../../../support/preparation';

const yahoo = (html: string) => {
  const p = preparationFor(html, 'YAHOO');
  applyYahooRules(p);
  return p;
};

describe('Outlook.com prefixes', () => {
  const outlook = (css: string, body: string) => {
    const p = preparationFor(
      `<html><head><style>${css}</style></head><body>${body}</body></html>`,
      'OUTLOOKCOM',
    );
    applyOutlookComPrefixes(p);
    return { $: p.$, css: p.$('style').text(), report: p.report };
  };

  it('prefixes classes and ids with x_, every selector of a list (email-bugs#106)', () => {
    const { $, css } = outlook(
      '.a, .b { color: red } #main .c { margin: 0 }',
      '<div id="main" class="a b"><p class="c">x</p></div>',
    );
    expect($('#x_main').attr('class')).toBe('x_a x_b');
    expect(css).toContain('.x_a, .x_b { color: red }');
    expect(css).toContain('#x_main .x_c');
  });

  it('prefixes only the first class of a chain (email-bugs#61)', () => {
    const { css, report } = outlook('.foo.bar.quo { color: red } div.a.b > .c { margin: 0 }', '');
    expect(css).toContain('.x_foo.bar.quo');
    expect(css).toContain('div.x_a.b > .x_c');
    const entry = report.list().find((e) => /first class of a chain/.test(e.title));
    expect(entry).toMatchObject({ count: 2, source: expect.stringContaining('email-bugs#61') });
  });

  it('leaves attribute selectors unprefixed, an attribute-only compound included (caniemail css-selector-attribute #1)', () => {
    const { css } = outlook(
      '[class="a"] { color: red } [owa] .foo { color: blue } td[class] { margin: 0 }',
      '',
    );
    expect(css).toContain('[class="a"] { color: red }');
    expect(css).toContain('[owa] .x_foo { color: blue }');
    expect(css).toContain('td[class] { margin: 0 }');
  });

  it('turns the body into a div without its inline style; body rules target the div', () => {
    const { $, css } = outlook('body { background: green } body p { margin: 0 }', '<p>x</p>');
    expect(css).toContain(`.${OUTLOOK_COM_BODY_CLASS} { background: green }`);
    expect(css).toContain(`.${OUTLOOK_COM_BODY_CLASS} p { margin: 0 }`);
    expect($(`body > div.${OUTLOOK_COM_BODY_CLASS} > p`).length).toBe(1);
    const p = preparationFor(
      '<html><body style="background:red" class="b"><p>x</p></body></html>',
      'OUTLOOKCOM',
    );
    applyOutlookComPrefixes(p);
    const styled = p.$;
    expect(styled(`div.${OUTLOOK_COM_BODY_CLASS}`).attr('style')).toBeUndefined();
    expect(styled(`div.${OUTLOOK_COM_BODY_CLASS}`).attr('class')).toBe(
      `${OUTLOOK_COM_BODY_CLASS} x_b`,
    );
    expect(styled('body').attr('style')).toBeUndefined();
  });
});

describe('Yahoo/AOL rules', () => {
  it('prefixes with yiv, scopes selectors and turns height into min-height', () => {
    const { $, report } = yahoo(
      '<html><head><style>.hero { height: 200px } body { margin: 0 }</style></head><body><div class="hero" style="height:50px">x</div></body></html>',
    );
    const css = $('style').text();
    expect(css).toContain(`#${YAHOO_ID} .${YAHOO_ID}hero { min-height: 200px }`);
    expect($(`.${YAHOO_ID}hero`).attr('style')).toBe('min-height:50px');
    expect($(`#${YAHOO_ID} > .${YAHOO_ID}hero`).length).toBe(1);
    expect(report.list().find((e) => /min-height/.test(e.title))?.count).toBe(2);
  });

  it('scopes body and html rules under the container, where they match nothing (email-bugs#25)', () => {
    const { $ } = yahoo(
      '<html><head><style>body, html { margin: 0 } body .a { color: red }</style></head><body style="background:red" bgcolor="red"><p class="a">x</p></body></html>',
    );
    const css = $('style').text();
    expect(css).toContain(`#${YAHOO_ID} body, #${YAHOO_ID} html { margin: 0 }`);
    expect(css).toContain(`#${YAHOO_ID} body .${YAHOO_ID}a`);
    expect($('body').attr('style')).toBeUndefined();
    expect($(`#${YAHOO_ID}`).attr('style')).toBeUndefined();
    expect($(`#${YAHOO_ID}`).attr('bgcolor')).toBeUndefined();
  });

  it('cuts a style block at a media query list (email-bugs#149)', () => {
    const { $, report } = yahoo(`<html><head><style>.a { color: red }
      @media screen and (max-width: 450px), (orientation: landscape) { .col { display: block } }
      p { font-size: 24px }</style></head><body></body></html>`);
    const css = $('style').text();
    expect(css).toContain(`.${YAHOO_ID}a { color: red }`);
    expect(css).not.toContain('@media');
    expect(css).not.toContain('font-size');
    expect(report.list().find((e) => e.source === 'email-bugs#149')?.count).toBe(2);
  });

  it('keeps a media query without a comma', () => {
    const { $ } = yahoo(
      '<html><head><style>@media screen and (max-width: 450px) { .col { display: block } } p { color: red }</style></head><body></body></html>',
    );
    expect($('style').text()).toContain('@media screen and (max-width: 450px)');
    expect($('style').text()).toContain(`#${YAHOO_ID} p { color: red }`);
  });
});

describe('image resolution', () => {
  const png = { url: 'https://x.test/a.png', contentType: 'image/png', data: Buffer.from('png') };
  const html = `<html><head><style>.h { background: #fff url('https://x.test/a.png') no-repeat }</style></head><body>
    <img id="stored" src="https://x.test/a.png" alt="A"><img id="gone" src="https://x.test/missing.png" alt="B">
    <table><tr><td background="https://x.test/a.png"></td></tr></table><div style="background-image:url(https://x.test/a.png)">x</div></body></html>`;

  it('serves stored copies from the asset origin and fails missing ones', () => {
    const $ = parseEmail(html);
    const plan = resolveImages($, [png], 'allowed', new Set(), new RenderReport());
    expect($('#stored').attr('src')).toMatch(new RegExp(`^${ASSET_ORIGIN}/\\d+$`));
    expect($('#gone').attr('src')).toBe(MISSING_IMAGE);
    expect($('td').attr('background')).toMatch(new RegExp(`^${ASSET_ORIGIN}/`));
    expect($('style').text()).toMatch(new RegExp(`url\\(${ASSET_ORIGIN}/\\d+\\)`));
    expect(plan.served.size).toBe(4);
  });

  it('blocks every image and background with images=blocked, keeping alt text', () => {
    const $ = parseEmail(html);
    const plan = resolveImages($, [png], 'blocked', new Set(), new RenderReport());
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
    resolveImages($, [webp], 'allowed', new Set(['image/webp']), new RenderReport());
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
