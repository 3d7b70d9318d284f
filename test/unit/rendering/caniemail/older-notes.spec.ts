import { applyCaniemail } from '../../../../src/rendering/caniemail/apply-caniemail';
import { applyYahooRules } from '../../../../src/rendering/families/yahoo-aol/yahoo-rules';
import { preparationFor } from '../../../support/preparation';

const prepared = (code: string, body: string, css = '') => {
  const p = preparationFor(
    `<html><head><style>${css}</style></head><body>${body}</body></html>`,
    code,
  );
  applyCaniemail(p);
  return p;
};

describe("caniemail's older notes, each as its source says", () => {
  it('Gmail removes a whole style block or attribute with an uppercase !IMPORTANT (email-bugs#13)', () => {
    const block = prepared(
      'GMAILNEW',
      '<p>x</p>',
      '.a { color: red } .b { color: blue !IMPORTANT }',
    );
    expect(block.$('style').length).toBe(0);
    const attribute = prepared('GMAILNEW', '<p style="color: red; margin: 0 !Important">x</p>');
    expect(attribute.$('p').attr('style')).toBeUndefined();
    const lowercase = prepared(
      'GMAILNEW',
      '<p style="color: red !important">x</p>',
      '.b { color: blue !important }',
    );
    expect(lowercase.$('p').attr('style')).toBe('color: red !important');
    expect(lowercase.$('style').text()).toContain('.b { color: blue !important }');
    // Proton's note has no such source: its importance goes, the declaration stays
    const proton = prepared('PROTONMAIL', '<p style="color: red !IMPORTANT">x</p>');
    expect(proton.$('p').attr('style')).toContain('color: red');
  });

  it('Outlook.com drops position relative, absolute and fixed; sticky stays (css-position #2)', () => {
    const p = prepared(
      'OUTLOOKCOM',
      '<p style="position: relative; left: 10px">a</p><p style="position: sticky; top: 0">b</p>',
    );
    expect(p.$('p').first().attr('style')).toBe('left: 10px');
    expect(p.$('p').last().attr('style')).toMatch(/^position: sticky; ?top: 0$/);
    const apple = prepared('APPMAIL16', '<p style="position: relative; left: 10px">a</p>');
    expect(apple.$('p').attr('style')).toMatch(/^position: relative; ?left: 10px$/);
  });

  it('Yahoo loses the rest of a style block after an attribute selector with a semicolon (email-bugs#74)', () => {
    const p = preparationFor(
      '<html><head><style>.a { color: red } div[style="margin: 16px;"] { color: blue } .b { color: green }</style></head><body><p class="a b">x</p></body></html>',
      'YAHOO',
    );
    applyYahooRules(p);
    const css = p.$('style').text();
    expect(css).toContain('yiv0123456789a');
    expect(css).not.toContain('margin: 16px;');
    expect(css).not.toContain('green');
    expect(p.report.list().map((entry) => entry.source)).toContain('email-bugs#74');
  });
});
