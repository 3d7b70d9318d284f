import { parseEmail } from '../../src/rendering/transforms/email-document';
import { RenderReport } from '../../src/rendering/transforms/render-report';
import { readOfficeMarkup } from '../../src/rendering/transforms/word/office-markup';
import { collectVmlShapes, drawVmlShapes } from '../../src/rendering/transforms/word/vml';
import { fraction, lengthPx, pair } from '../../src/rendering/transforms/word/vml/vml-values';

/** Collects, lets a later pass touch the document, then draws: as the pipeline does. */
function draw(markup: string, between?: (doc: ReturnType<typeof parseEmail>) => void) {
  const $ = parseEmail(`<body>${readOfficeMarkup(markup).html}</body>`);
  const report = new RenderReport();
  collectVmlShapes($, report);
  between?.($);
  drawVmlShapes($);
  const outer = $('[data-ip-vml]').first();
  const [background, text] = outer
    .children()
    .toArray()
    .map((el) => $(el).attr('style') ?? '');
  return { $, report: report.list(), outer: outer.attr('style') ?? '', background, text };
}

const BUTTON = `<v:roundrect xmlns:v="urn:schemas-microsoft-com:vml" xmlns:w="urn:schemas-microsoft-com:office:word" href="http://" style="height:40px;v-text-anchor:middle;width:200px;" arcsize="10%" strokecolor="#1e3650" fillcolor="#556270"><w:anchorlock/><center style="color:#ffffff;font-family:sans-serif;font-size:13px;font-weight:bold;">Show me the button!</center></v:roundrect>`;

describe('VML values', () => {
  it('reads lengths in VML units', () => {
    expect(lengthPx('10')).toBe(10);
    expect(lengthPx('0.75pt')).toBe(1);
    expect(lengthPx('1in')).toBe(96);
    expect(lengthPx('2.54cm')).toBeCloseTo(96);
    expect(lengthPx('auto')).toBeUndefined();
  });
  it('reads arcsize in its three notations, and pairs', () => {
    expect(fraction('0.1')).toBe(0.1);
    expect(fraction('10%')).toBe(0.1);
    expect(fraction('6554f')).toBeCloseTo(0.1, 3);
    expect(pair('0, -0.5')).toEqual(['0', '-0.5']);
  });
});

describe('VML drawing', () => {
  it("draws buttons.cm's roundrect: 200x40, 4px corners, fill, stroke, centred text, no anchorlock", () => {
    const { $, outer, background, text, report } = draw(BUTTON);
    expect(outer).toContain('width:200px');
    expect(outer).toContain('height:40px');
    expect(background).toContain('border-radius:2px'); // 10% of half the shorter side (20px)
    expect(background).toContain('background-color:#556270');
    expect(background).toContain('border:1px solid #1e3650');
    expect(text).toContain('justify-content:center');
    expect($('center').text()).toBe('Show me the button!');
    expect($('body').html()).not.toContain('anchorlock');
    expect(report.map((e) => e.title)).toContain('VML roundrect drawn');
  });

  it("draws backgrounds.cm's tile background: the image over the colour, the colour alone without it", () => {
    const markup = (src: string) =>
      `<v:rect fill="true" stroke="false" style="width:120px;height:92px;"><v:fill type="tile" src="${src}" color="#7bceeb" /><v:textbox inset="0,0,0,0"><div>Content</div></v:textbox></v:rect>`;
    const withImage = draw(markup('https://assets.render.invalid/0'));
    expect(withImage.background).toContain(
      'background-image:url("https://assets.render.invalid/0")',
    );
    expect(withImage.background).toContain('background-repeat:repeat');
    expect(withImage.background).not.toContain('border:');
    expect(withImage.text).toContain('padding:0px 0px 0px 0px');
    const missing = draw(markup('https://assets.render.invalid/missing'));
    expect(missing.background).toContain('background-color:#7bceeb');
    expect(missing.background).not.toContain('background-image');
  });

  it("draws MJML's section background: 600px wide, growing with its text, a cover image at the top centre", () => {
    const { outer, background } = draw(
      `<v:rect style="width:600px;" xmlns:v="urn:schemas-microsoft-com:vml" fill="true" stroke="false"><v:fill origin="0, -0.5" position="0, -0.5" src="https://assets.render.invalid/1" color="#ff0000" type="frame" size="1,1" aspect="atleast" /><v:textbox style="mso-fit-shape-to-text:true" inset="0,0,0,0"><div>Section</div></v:textbox></v:rect>`,
    );
    expect(outer).toContain('width:600px');
    expect(outer).not.toContain('height');
    expect(background).toContain('background-size:cover');
    expect(background).toContain('background-position:50% 0%');
  });

  it("places MJML's hero v:image in the behind-text layer, centred in its cell", () => {
    const { $, outer } = draw(
      `<table><tr><td style="line-height:0"><v:image style="border:0;height:300px;mso-position-horizontal:center;position:absolute;top:0;width:600px;z-index:-3;" src="https://assets.render.invalid/2" xmlns:v="urn:schemas-microsoft-com:vml" /></td></tr></table>`,
    );
    expect(outer).toContain('position:absolute');
    expect(outer).toContain('z-index:-1');
    expect(outer).toContain('left:50%');
    expect($('td').attr('style')).toContain('position:relative');
    expect($('td').attr('style')).not.toContain('z-index');
    expect($('[data-ip-vml] img').attr('src')).toBe('https://assets.render.invalid/2');
  });

  it('draws ovals round and lines as SVG, reads pt and percentage widths, and stroke="f"', () => {
    expect(draw(`<v:oval style="width:1in;height:72pt" stroked="f"></v:oval>`).background).toMatch(
      /border-radius:50%.*background-color:white/,
    );
    expect(draw(`<v:oval style="width:96px;height:96px" stroked="f"></v:oval>`).outer).toContain(
      'width:96px',
    );
    expect(draw(`<v:rect style="mso-width-percent:1000;height:10px"></v:rect>`).outer).toContain(
      'width:100%',
    );
    const line = draw(
      `<v:line from="0,0" to="200,0" strokecolor="#ff0000" strokeweight="2pt"></v:line>`,
    );
    expect(line.$('line').attr('x2')).toBe('200');
    expect(line.$('line').attr('stroke')).toBe('#ff0000');
  });

  it('keeps what later passes did to the content, and unwraps Office elements that are not drawn', () => {
    const { $ } = draw(
      `<v:rect style="width:100px;height:20px"><v:textbox><p id="t">x</p></v:textbox></v:rect><o:wrapper><span id="kept">y</span></o:wrapper>`,
      (doc) => void doc('#t').attr('data-pass', 'done'),
    );
    expect($('#t').attr('data-pass')).toBe('done');
    expect($('#kept').length).toBe(1);
    expect($('body').html()).not.toMatch(/<[ovw]:/);
  });
});
