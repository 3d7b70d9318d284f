import type { CheerioAPI } from 'cheerio';
import {
  collectVmlShapes,
  drawVmlShapes,
} from '../../../../../../src/rendering/families/outlook-word/vml';
import { MISSING_IMAGE } from '../../../../../../src/rendering/model/email-content';
import { preparationFor } from '../../../../../support/preparation';

const IMAGE = 'https://assets.render.invalid/0';

/**
 * Parses markup as the pipeline hands it over (conditional comments evaluated, Office tags
 * expanded), collects, lets a later pass touch the document, then draws.
 */
function draw(markup: string, between?: ($: CheerioAPI) => void) {
  const p = preparationFor(`<body>${markup}</body>`, 'OL2019');
  const { $, report } = p;
  collectVmlShapes(p);
  between?.($);
  drawVmlShapes(p);
  const outer = $('[data-ip-vml]').first();
  const layer = (name: string) => outer.children(`[data-ip-vml-layer="${name}"]`);
  return {
    $,
    titles: report.list().map((entry) => entry.title),
    report: report.list(),
    outer: outer.attr('style') ?? '',
    fill: layer('fill').attr('style'),
    stroke: layer('stroke').attr('style'),
    text: layer('text').attr('style') ?? '',
  };
}

// buttons.cm's button, as it reaches the VML stage (<w:anchorlock/> expanded).
const BUTTON = `<div><v:roundrect xmlns:v="urn:schemas-microsoft-com:vml" xmlns:w="urn:schemas-microsoft-com:office:word" href="http://" style="height:40px;v-text-anchor:middle;width:200px;" arcsize="10%" strokecolor="#1e3650" fillcolor="#556270"><w:anchorlock></w:anchorlock><center style="color:#ffffff;font-family:sans-serif;font-size:13px;font-weight:bold;">Show me the button!</center></v:roundrect></div>`;

// backgrounds.cm's cell background, as it reaches the VML stage.
const cellBackground = (src: string) =>
  `<table><tr><td background="${src}" bgcolor="#7bceeb" width="120" height="92" valign="top"><v:rect xmlns:v="urn:schemas-microsoft-com:vml" fill="true" stroke="false" style="width:120px;height:92px;"><v:fill type="tile" src="${src}" color="#7bceeb"></v:fill><v:textbox inset="0,0,0,0"><div>Content</div></v:textbox></v:rect></td></tr></table>`;

// MJML 4's mj-section with background-url and background-size cover.
const MJML_SECTION = `<table align="center" style="width:600px;" width="600"><tr><td style="line-height:0px;font-size:0px;mso-line-height-rule:exactly;"><v:rect style="width:600px;" xmlns:v="urn:schemas-microsoft-com:vml" fill="true" stroke="false"><v:fill origin="0, -0.5" position="0, -0.5" src="${IMAGE}" color="#ff0000" type="frame" size="1,1" aspect="atleast"></v:fill><v:textbox style="mso-fit-shape-to-text:true" inset="0,0,0,0"><div style="margin:0px auto;max-width:600px;">Section</div></v:textbox></v:rect></td></tr></table>`;

// MJML 4's mj-hero.
const MJML_HERO = `<table align="center" style="width:600px;" width="600"><tr><td style="line-height:0;font-size:0;mso-line-height-rule:exactly;"><v:image style="border:0;height:300px;mso-position-horizontal:center;position:absolute;top:0;width:600px;z-index:-3;" src="${IMAGE}" xmlns:v="urn:schemas-microsoft-com:vml"></v:image><div id="hero">Hero text</div></td></tr></table>`;

describe('VML drawing: the bulletproof patterns', () => {
  it("draws buttons.cm's button: 200x40, 4px corners, fill, stroke, centred text, no anchorlock", () => {
    const { $, outer, fill, stroke, text, titles } = draw(BUTTON);
    expect(outer).toContain('display:inline-block');
    expect(outer).toContain('width:200px');
    expect(outer).toContain('height:40px');
    expect(fill).toContain('border-radius:4px');
    expect(fill).toContain('background-color:#556270');
    expect(stroke).toContain('border:1px solid #1e3650');
    expect(stroke).toContain('border-radius:4px');
    expect(text).toContain('justify-content:center');
    expect(text).toContain('height:100%');
    expect(text).toContain('padding:4.8px 9.6px 4.8px 9.6px'); // the default inset
    expect($('[data-ip-vml] center').text()).toBe('Show me the button!');
    expect($('body').html()).not.toMatch(/anchorlock|ip-vml>|<v:/);
    expect(titles).toContain('VML roundrect drawn');
  });

  it("draws backgrounds.cm's tile: the image repeated over the colour", () => {
    const { fill, stroke, text, $ } = draw(cellBackground(IMAGE));
    expect(fill).toContain(`background-image:url("${IMAGE}")`);
    expect(fill).toContain('background-repeat:repeat');
    expect(fill).toContain('background-color:#7bceeb');
    expect(stroke).toBeUndefined();
    expect(text).toContain('padding:0px 0px 0px 0px');
    expect($('td [data-ip-vml] div').text()).toBe('Content');
  });

  it("draws backgrounds.cm's tile without its image: the colour only", () => {
    const { fill, titles } = draw(cellBackground(MISSING_IMAGE));
    expect(fill).toContain('background-color:#7bceeb');
    expect(fill).not.toContain('background-image');
    expect(titles).toContain('VML fill image not available: its fill colour shows');
  });

  it("draws MJML's section background: 600px wide, as tall as its content, covered from the top", () => {
    const { outer, fill, text, titles } = draw(MJML_SECTION);
    expect(outer).toContain('width:600px');
    expect(outer).not.toContain('height');
    expect(text).not.toContain('height');
    expect(fill).toContain('background-size:cover');
    expect(fill).toContain('background-position:50% 0%');
    expect(fill).toContain('background-repeat:no-repeat');
    expect(fill).toContain('background-color:#ff0000');
    expect(titles).toContain('VML text box grows the shape to fit its text');
  });

  it("places MJML's hero v:image behind the text, centred in its cell", () => {
    const { $, outer, titles } = draw(MJML_HERO);
    expect(outer).toContain('position:absolute');
    expect(outer).toContain('z-index:-1');
    expect(outer).toContain('left:50%');
    expect(outer).toContain('translateX(-50%)');
    expect(outer).toContain('top:0');
    const cell = $('td').attr('style') ?? '';
    expect(cell).toContain('position:relative');
    expect(cell).not.toContain('z-index'); // no stacking context: behind the cell backgrounds
    expect($('[data-ip-vml] img').attr('src')).toBe(IMAGE);
    expect($('[data-ip-vml] img').attr('style')).toContain('width:100%');
    expect($('#hero').prev().is('[data-ip-vml]')).toBe(true);
    expect(titles).toContain('VML shape behind the text, under the backgrounds of the text layer');
    expect(titles).toContain('VML shape placed absolutely in its parent element');
  });
});

describe('VML drawing: shapes, units, fills and strokes', () => {
  it('draws an oval as an ellipse with its outline, and a line as SVG', () => {
    const oval = draw(
      `<v:oval style="width:1in;height:72pt" fillcolor="#ff0000" strokecolor="blue"></v:oval>`,
    );
    expect(oval.outer).toMatch(/width:96px;height:96px/);
    expect(oval.fill).toMatch(/border-radius:50%.*background-color:#ff0000/);
    expect(oval.stroke).toMatch(/border-radius:50%.*border:1px solid blue/);
    const line = draw(
      `<v:line from="0,0" to="200,0" strokecolor="#ff0000" strokeweight="2pt"></v:line>`,
    );
    expect(line.$('[data-ip-vml="line"] svg').length).toBe(1);
    expect(line.$('line').attr('x2')).toBe('200');
    expect(line.$('line').attr('stroke')).toBe('#ff0000');
    expect(line.$('line').attr('stroke-width')).toBe('2.67');
  });

  it('reads sizes in every unit, percentages and mso-width-percent (100%: a block)', () => {
    expect(draw(`<v:rect style="width:2.54cm;height:10mm"></v:rect>`).outer).toMatch(
      /width:96px;height:37.8px/,
    );
    expect(draw(`<v:rect style="width:50%;height:10px"></v:rect>`).outer).toContain('width:50%');
    const full = draw(`<v:rect style="mso-width-percent:1000;height:10px"></v:rect>`).outer;
    expect(full).toContain('width:100%');
    expect(full).toContain('display:block');
  });

  it('reads arcsize in its three notations, defaulting to 0.2', () => {
    const radius = (arcsize: string) =>
      draw(`<v:roundrect style="width:200px;height:40px" ${arcsize}></v:roundrect>`).fill;
    expect(radius('arcsize="0.1"')).toContain('border-radius:4px');
    expect(radius('arcsize="10%"')).toContain('border-radius:4px');
    expect(radius('arcsize="6554f"')).toContain('border-radius:4px');
    expect(radius('')).toContain('border-radius:8px');
  });

  it('draws no stroke for stroked="f", stroke="false" or v:stroke on="f"; no fill for filled="f"', () => {
    expect(
      draw(`<v:rect style="width:9px;height:9px" stroked="f"></v:rect>`).stroke,
    ).toBeUndefined();
    expect(
      draw(`<v:rect style="width:9px;height:9px" stroke="false"></v:rect>`).stroke,
    ).toBeUndefined();
    expect(
      draw(`<v:rect style="width:9px;height:9px"><v:stroke on="f"></v:stroke></v:rect>`).stroke,
    ).toBeUndefined();
    const unfilled = draw(`<v:rect style="width:9px;height:9px" filled="f"></v:rect>`);
    expect(unfilled.fill).toBeUndefined();
    expect(unfilled.stroke).toContain('border:1px solid black'); // 0.75pt, black by default
  });

  it('reads v:stroke colour, weight and dash style', () => {
    const { stroke } = draw(
      `<v:rect style="width:9px;height:9px" strokecolor="red"><v:stroke color="#00ff00" weight="3pt" dashstyle="dash"></v:stroke></v:rect>`,
    );
    expect(stroke).toContain('border:4px dashed #00ff00');
  });

  it('fills white by default, with v:fill opacity on the fill only, gradients by angle', () => {
    expect(draw(`<v:rect style="width:9px;height:9px"></v:rect>`).fill).toContain(
      'background-color:white',
    );
    const faded = draw(
      `<v:rect style="width:9px;height:9px"><v:fill opacity="50%"></v:fill></v:rect>`,
    );
    expect(faded.fill).toContain('opacity:0.5');
    expect(faded.stroke).not.toContain('opacity');
    const gradient = draw(
      `<v:rect style="width:9px;height:9px"><v:fill type="gradient" color="#ff0000" color2="fill darken(118)" angle="90"></v:fill></v:rect>`,
    );
    expect(gradient.fill).toContain('linear-gradient(-90deg, #ff0000, #ff0000)');
  });

  it("paints a framed image's colour under the image only when its size is explicit", () => {
    const { fill, titles } = draw(
      `<v:rect style="width:300px;height:200px"><v:fill type="frame" src="${IMAGE}" size="100px,50px" color="#0000ff"></v:fill></v:rect>`,
    );
    expect(fill).not.toContain('background-color');
    expect(fill).toContain('linear-gradient(#0000ff, #0000ff)');
    expect(fill).toContain('background-size:100px 50px, 100px 50px');
    expect(titles).toContain('VML frame fill: the fill colour only under the image');
  });

  it('anchors text at the bottom from the text box style, with its inset', () => {
    const { text } = draw(
      `<v:rect style="width:100px;height:100px"><v:textbox style="v-text-anchor:bottom" inset="5pt,2px,,"><p>x</p></v:textbox></v:rect>`,
    );
    expect(text).toContain('justify-content:flex-end');
    expect(text).toContain('padding:2px 9.6px 4.8px 6.67px');
  });

  it('draws a picture frame v:shape with its v:imagedata as an image', () => {
    const { $ } = draw(
      `<v:shape type="#_x0000_t75" style="width:150pt;height:75pt"><v:imagedata src="${IMAGE}" o:title="logo"></v:imagedata></v:shape>`,
    );
    expect($('[data-ip-vml="image"]').attr('style')).toContain('width:200px');
    expect($('[data-ip-vml="image"] img').attr('alt')).toBe('logo');
  });
});

describe('VML drawing: content, nesting and what is not drawn', () => {
  it('keeps what later passes did to the content, and unwraps other Office elements', () => {
    const { $ } = draw(
      `<v:rect style="width:100px;height:20px"><v:textbox><p id="t">x</p></v:textbox></v:rect><o:wrapper><span id="kept">y</span></o:wrapper>`,
      (doc) => void doc('#t').attr('data-pass', 'done'),
    );
    expect($('[data-ip-vml] #t').attr('data-pass')).toBe('done');
    expect($('#kept').length).toBe(1);
    expect($('body').html()).not.toMatch(/<[ovw]:|<ip-vml/);
  });

  it('draws a shape inside another shape, inside its text box', () => {
    const { $ } = draw(
      `<v:rect style="width:300px;height:100px"><v:textbox><v:roundrect style="width:100px;height:20px"><b>inner</b></v:roundrect></v:textbox></v:rect>`,
    );
    const inner = $('[data-ip-vml="rect"] [data-ip-vml="roundrect"]');
    expect(inner.length).toBe(1);
    expect(inner.find('b').text()).toBe('inner');
  });

  it('draws a group: its shapes placed in its coordinate space', () => {
    const { $, titles } = draw(
      `<v:group style="width:200px;height:100px" coordsize="400,200"><v:rect style="position:absolute;left:200;top:100;width:200;height:100" fillcolor="red"></v:rect></v:group>`,
    );
    expect($('[data-ip-vml="group"]').attr('style')).toContain('width:200px');
    const child = $('[data-ip-vml="group"] > [data-ip-vml="rect"]').attr('style');
    expect(child).toMatch(/position:absolute.*width:100px;height:50px;top:50px;left:100px/);
    expect(titles).toContain('VML group: shape placed in the group coordinates');
  });

  it('paints v:background on the body', () => {
    const { $ } = draw(
      `<v:background fill="t"><v:fill type="tile" src="${IMAGE}" color="#7bceeb"></v:fill></v:background><p>x</p>`,
    );
    expect($('body').attr('style')).toContain('background-color:#7bceeb');
    expect($('body').attr('style')).toContain('background-repeat:repeat');
    expect($('[data-ip-vml]').length).toBe(0);
  });

  it('reports what it does not draw and keeps the HTML inside', () => {
    const { $, titles, report } = draw(
      `<v:shape path="m 0,0 l 100,0 100,100 x e" style="width:100px;height:100px"><v:shadow on="t"></v:shadow><v:textbox><p id="kept">text</p></v:textbox></v:shape>`,
    );
    expect($('#kept').text()).toBe('text');
    expect($('[data-ip-vml]').length).toBe(0);
    expect(titles).toEqual(
      expect.arrayContaining(['VML shape path not drawn (its HTML kept)', 'VML shadow not drawn']),
    );
    expect(report.every((entry) => entry.source.length > 0)).toBe(true);
  });
});
