import {
  evaluateCondition,
  evaluateConditionalComments,
} from '../../../../../src/rendering/model/conditional-comments';
import { readOfficeMarkup } from '../../../../../src/rendering/families/outlook-word/office-markup';

describe('evaluateCondition', () => {
  it.each([
    ['mso', 12, true],
    ['!mso', 16, false],
    ['gte mso 9', 12, true],
    ['gte mso 15', 14, false],
    ['gte mso 15', 15, true],
    ['mso 16', 16, true],
    ['mso 16', 15, false],
    ['lt mso 14', 12, true],
    ['lt mso 14', 14, false],
    ['lte mso 14', 14, true],
    ['gt mso 15', 16, true],
    ['(gte mso 9)|(IE)', 12, true],
    ['mso | IE', 16, true],
    ['(mso)&(IE)', 16, false],
    ['IE', 16, false],
    ['!(mso 16)', 15, true],
    ['gte vml 1', 16, true],
    ['lte mso 11', 16, false],
  ])('[if %s] with mso %d is %s', (condition, mso, expected) => {
    expect(evaluateCondition(condition, mso)).toBe(expected);
  });
});

describe('evaluateConditionalComments on the source text', () => {
  const run = (html: string, mso = 16) => evaluateConditionalComments(html, mso).html;

  it('reveals downlevel-hidden content and hides downlevel-revealed content', () => {
    expect(run('a<!--[if mso]><b>mso</b><![endif]-->c')).toBe('a<b>mso</b>c');
    expect(run('a<!--[if !mso]><!--><b>web</b><!--<![endif]-->c')).toBe('ac');
    expect(run('a<!--[if !mso]><!-- --><b>web</b><!--<![endif]-->c')).toBe('ac');
    expect(run('a<![if !mso]><b>web</b><![endif]>c')).toBe('ac');
    expect(run('a<!--[if mso 12]>old<![endif]-->c')).toBe('ac');
    expect(run('a<!--[if mso 12]>old<![endif]-->c', 12)).toBe('aoldc');
  });

  it('joins a ghost table that opens in one comment and closes in another', () => {
    const html = `<div><!--[if mso | IE]><table width="600"><tr><td><![endif]--><div class="col">A</div><!--[if mso | IE]></td><td><![endif]--><div class="col">B</div><!--[if mso | IE]></td></tr></table><![endif]--></div>`;
    expect(run(html)).toBe(
      '<div><table width="600"><tr><td><div class="col">A</div></td><td><div class="col">B</div></td></tr></table></div>',
    );
  });

  it('evaluates nested conditions', () => {
    const html = `<!--[if mso]>A<!--[if gte mso 15]>B<![endif]-->C<![endif]--><!--[if !mso]><!-->D<!--[if mso]>E<![endif]--><!--<![endif]-->F`;
    expect(run(html, 16)).toBe('ABCF');
    expect(run(html, 14)).toBe('ACF');
  });

  it('counts evaluated comments, drops stray end markers and closes at the end', () => {
    const result = evaluateConditionalComments('x<![endif]-->y<!--[if !mso]><!-->z', 16);
    expect(result).toEqual({ html: 'xy', evaluated: 1 });
  });
});

describe('readOfficeMarkup', () => {
  it('takes the XML island as settings and expands self-closing Office tags', () => {
    const { html, settings } = readOfficeMarkup(
      `<head><xml><o:OfficeDocumentSettings><o:AllowPNG/><o:PixelsPerInch>96</o:PixelsPerInch></o:OfficeDocumentSettings></xml></head><v:rect style="width:10px"><v:fill type="tile" src="a.png" /></v:rect><p>x<o:p>&nbsp;</o:p></p>`,
    );
    expect(settings).toEqual({ pixelsPerInch: 96, islands: 1 });
    expect(html).toBe(
      '<head></head><v:rect style="width:10px"><v:fill type="tile" src="a.png"></v:fill></v:rect><p>x&nbsp;</p>',
    );
  });
});
