import {
  applyConditionalComments,
  evaluateCondition,
} from '../../src/rendering/transforms/conditional-comments';
import { parseEmail } from '../../src/rendering/transforms/email-document';

describe('evaluateCondition', () => {
  it.each([
    ['mso', 12, true],
    ['!mso', 16, false],
    ['gte mso 9', 12, true],
    ['gte mso 15', 14, false],
    ['gte mso 15', 15, true],
    ['mso 16', 16, true],
    ['mso 16', 15, false],
    ['mso 12', 12, true],
    ['lt mso 14', 12, true],
    ['lt mso 14', 14, false],
    ['lte mso 14', 14, true],
    ['gt mso 15', 16, true],
    ['(gte mso 9)|(IE)', 12, true],
    ['(mso)&(IE)', 16, false],
    ['IE', 16, false],
    ['!(mso 16)', 15, true],
  ])('[if %s] with mso %d is %s', (condition, mso, expected) => {
    expect(evaluateCondition(condition, mso)).toBe(expected);
  });
});

describe('applyConditionalComments', () => {
  const html = `<html><head><!--[if mso]><style>.o{color:red}</style><![endif]--></head><body>
    <!--[if gte mso 15]><p id="new">2013+</p><![endif]-->
    <!--[if mso 12]><p id="old">2007 only</p><![endif]-->
    <!--[if !mso]><!--><p id="web">not Outlook</p><!--<![endif]-->
    <p id="always">always</p></body></html>`;

  it('shows mso content for the matching version and hides !mso content', () => {
    const $ = parseEmail(html);
    applyConditionalComments($, 16);
    expect($('#new').length).toBe(1);
    expect($('#old').length).toBe(0);
    expect($('#web').length).toBe(0);
    expect($('#always').length).toBe(1);
    expect($('head style').text()).toContain('.o{color:red}');
  });

  it('evaluates against Outlook 2007 (mso 12)', () => {
    const $ = parseEmail(html);
    applyConditionalComments($, 12);
    expect($('#new').length).toBe(0);
    expect($('#old').length).toBe(1);
    expect($('#web').length).toBe(0);
  });

  it('leaves non-Word documents as browsers see them when not applied', () => {
    const $ = parseEmail(html);
    expect($('#web').length).toBe(1);
    expect($('#new').length).toBe(0);
  });
});
