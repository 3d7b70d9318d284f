import sharp from 'sharp';
import { applyWordCssModel } from '../../../../../src/rendering/families/outlook-word/css-model';
import { applyDpi120 } from '../../../../../src/rendering/families/outlook-word/dpi-120';
import { OFFICE_SETTINGS } from '../../../../../src/rendering/families/outlook-word/source';
import type { ImagePlan } from '../../../../../src/rendering/model/email-content';
import { parseEmail } from '../../../../../src/rendering/model/email-document';
import { RenderReport } from '../../../../../src/rendering/model/render-report';
import { resolveImages } from '../../../../../src/rendering/stages/images';
import { preparationFor } from '../../../../support/preparation';

function wordModel(html: string, code = 'OL2019', images?: ImagePlan) {
  const p = preparationFor(html, code, images);
  applyWordCssModel(p);
  return { $: p.$, report: p.report.list() };
}

describe('Word engine CSS model', () => {
  it('mso-padding-alt replaces the padding of a cell', () => {
    const { $, report } = wordModel(
      `<table><tr><td style="padding:2px 4px;mso-padding-alt:10px 25px">b</td></tr></table>`,
    );
    expect($('td').attr('style')).toBe('padding:10px 25px;mso-padding-alt:10px 25px');
    expect(report[0].source).toMatch(/mso-padding-alt/);
  });

  it('a line height below the font is a minimum unless mso-line-height-rule is exactly', () => {
    const { $ } = wordModel(
      `<p id="a" style="font-size:40px;line-height:10px">a</p><p id="b" style="font-size:40px;line-height:10px;mso-line-height-rule:exactly">b</p><div style="font-size:30px"><p id="c" style="line-height:12px">c</p></div>`,
    );
    expect($('#a').attr('style')).toContain('line-height:normal');
    expect($('#b').attr('style')).toContain('line-height:10px');
    expect($('#c').attr('style')).toContain('line-height:normal');
  });

  it('mso-line-height-alt and the margin alternates replace the standard values', () => {
    const { $ } = wordModel(
      `<p style="line-height:40px;mso-line-height-alt:20px;mso-line-height-rule:exactly;margin-top:0;mso-margin-top-alt:30px">x</p>`,
    );
    const style = $('p').attr('style')!;
    expect(style).toContain('line-height:20px');
    expect(style).not.toContain('line-height:40px');
    expect(style).toContain('margin-top:30px');
  });

  it('mso-text-raise raises the text', () => {
    const { $ } = wordModel(`<i style="mso-text-raise:30pt">&nbsp;</i>`);
    expect($('i').attr('data-ip-engine-style')).toContain('padding-top:40px');
  });

  it('removes mso-hide:all content and keeps only the first class', () => {
    const { $ } = wordModel(`<div style="mso-hide:all">web only</div><p class="a b c">x</p>`);
    expect($('body').text()).not.toContain('web only');
    expect($('p').attr('class')).toBe('a');
  });

  it('a stack beginning with a web font falls back to Times New Roman or mso-font-alt in Outlook 2016', () => {
    const html = `<style>@font-face { font-family: 'Brand'; src: url(b.woff2) }
      h1 { font-family: 'Brand', Arial, sans-serif } h2 { font-family: Brand, Arial; mso-font-alt: Arial }</style>
      <h1>a</h1><h2>b</h2><p style="font-family: Brand, Arial">c</p>`;
    const ol2016 = wordModel(html, 'OL2016').$;
    expect(ol2016('style').text()).toContain('h1 { font-family: "Times New Roman" }');
    expect(ol2016('style').text()).toContain('h2 { font-family: Arial;');
    expect(ol2016('p').attr('style')).toBe('font-family: "Times New Roman"');
    // caniemail does not state the fallback for Outlook 2019: the stack falls through
    expect(wordModel(html, 'OL2019').$('p').attr('style')).toBe('font-family: Brand, Arial');
  });

  it('sizes percentage widths of images from the image file', async () => {
    const data = await sharp({
      create: { width: 1200, height: 40, channels: 3, background: '#f00' },
    })
      .png()
      .toBuffer();
    const $images = parseEmail(`<img src="https://x.test/wide.png" width="50%">`);
    const plan = resolveImages(
      $images,
      [{ url: 'https://x.test/wide.png', contentType: 'image/png', data }],
      'allowed',
      new Set(),
      new RenderReport(),
    );
    const { $ } = wordModel($images.html(), 'OL2019', plan);
    expect($('img').attr('width')).toBe('600');
  });

  it('gives every cell of a row the largest vertical padding', () => {
    const { $ } = wordModel(
      `<table><tr><td id="a" style="padding:30px 10px">a</td><td id="b">b</td></tr></table>`,
    );
    expect($('#b').attr('style')).toContain('padding-top:30px;padding-bottom:30px');
  });

  it('keeps 0.13in beside floating tables unless mso-table-lspace/rspace say otherwise', () => {
    const { $ } = wordModel(
      `<style>table.flat { mso-table-rspace: 0pt }</style><table id="a" align="left"><tr><td>a</td></tr></table><table id="b" class="flat" align="left"><tr><td>b</td></tr></table>`,
    );
    expect($('#a').attr('style')).toContain('margin-right:0.13in');
    expect($('#b').attr('style')).toContain('margin-right:0pt');
  });

  it('display:none does not hide nested tables', () => {
    const { $ } = wordModel(
      `<div id="h" style="display:none">text<p>para</p><table id="t"><tr><td>cell</td></tr></table></div>`,
    );
    expect($('#h').attr('style')).not.toContain('display:none');
    expect($('#h > p').attr('style')).toContain('display:none');
    expect($('#h > span').attr('style')).toBe('display:none');
    expect($('#t').attr('style')).toBeUndefined();
  });
});

describe('120 DPI', () => {
  const html =
    '<table width="600"><tr><td width="300"><img width="250" height="100" src="x"></td></tr></table>';
  it('leaves HTML width/height attributes unscaled', () => {
    const p = preparationFor(html, 'OL2019DPI120');
    applyDpi120(p);
    const { $ } = p;
    expect($('table').attr('width')).toBe('480');
    expect($('img').attr('height')).toBe('80');
  });

  it('scales them with everything else when the XML island declares PixelsPerInch 96', () => {
    const p = preparationFor(html, 'OL2019DPI120');
    OFFICE_SETTINGS.set(p, { pixelsPerInch: 96, islands: 1 });
    applyDpi120(p);
    const { $ } = p;
    expect($('table').attr('width')).toBe('600');
  });
});
