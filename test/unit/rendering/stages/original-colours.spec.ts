import { applyColourInversion } from '../../../../src/rendering/stages/colour-inversion';
import { markOriginalColours } from '../../../../src/rendering/stages/original-colours';
import { preparationFor } from '../../../support/preparation';

const EMAIL = `<html><head><style>.x_head { background-color: #ffffff } .x_note { color: #333333 }</style></head>
<body><table bgcolor="#ffffff"><tr><td style="color:#000000;background:#eeeeee">a</td></tr></table>
<div class="x_head">b</div><p class="x_note">c</p><font color="#111111">d</font><div>plain</div></body></html>`;

describe("Outlook's dark mode keeps the original colours (data-og* attributes)", () => {
  it('puts inline originals in data-ogsc/data-ogsb, attributes in data-ogac/data-ogab, style-block ones empty', () => {
    const p = preparationFor(EMAIL, 'CHROMEOUTLOOKCOMDARK');
    expect(markOriginalColours(p.$)).toBe(5);
    const $ = p.$;
    expect($('td').attr()).toMatchObject({ 'data-ogsc': '#000000', 'data-ogsb': '#eeeeee' });
    expect($('table').attr('data-ogab')).toBe('#ffffff');
    expect($('font').attr('data-ogac')).toBe('#111111');
    expect($('div.x_head').attr('data-ogsb')).toBe('');
    expect($('p.x_note').attr('data-ogsc')).toBe('');
    expect(Object.keys($('div:not([class])').attr() ?? {})).toEqual([]);
  });

  it('marks only in a dark profile of a family that keeps them, before the colours are rewritten', () => {
    const marks = (code: string) => {
      const p = preparationFor(EMAIL, code);
      applyColourInversion(p);
      return { code, marked: p.$('[data-ogsc], [data-ogsb], [data-ogab], [data-ogac]').length };
    };
    expect(marks('CHROMEOUTLOOKCOMDARK')).toEqual({ code: 'CHROMEOUTLOOKCOMDARK', marked: 5 });
    expect(marks('OUTLOOKMACDARK')).toEqual({ code: 'OUTLOOKMACDARK', marked: 5 });
    for (const code of ['CHROMEOUTLOOKCOM', 'OUTLOOKMAC', 'ANDROID14GMAILAPPDARK'])
      expect(marks(code)).toEqual({ code, marked: 0 });
    const dark = preparationFor(EMAIL, 'CHROMEOUTLOOKCOMDARK');
    applyColourInversion(dark);
    // the original stays in the attribute, the inline colour is the darkened one
    expect(dark.$('td').attr('data-ogsb')).toBe('#eeeeee');
    expect(dark.$('td').attr('style')).not.toContain('#eeeeee');
  });
});
