import { csvCell } from '../../../../src/domain/billing/usage-report';

describe('csvCell: no cell a spreadsheet reads as a formula', () => {
  it.each([
    ['=1+1'],
    ['+1'],
    ['-1'],
    ['@SUM(A1)'],
    [' =1'],
    ['\u00a0=1'], // NBSP
    ['\u3000=1'], // ideographic space
    ['\ufeff=1'], // BOM
    ['\u200b+1'], // zero-width space
    ['\u2060@x'], // word joiner
    [' \u200d -1'],
  ])('escapes %j', (text) => {
    expect(csvCell(text)).toBe(`"'${text}"`);
  });

  it('quotes a formula start by tab or carriage return after escaping it', () => {
    expect(csvCell('\t=1')).toBe(`"'\t=1"`);
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
  });

  it('escapes a formula after a semicolon or a tab, the separators of other locales', () => {
    expect(csvCell('x;=1+2')).toBe(`"'x;=1+2"`);
    expect(csvCell('x; @SUM(A1)')).toBe(`"'x; @SUM(A1)"`);
    expect(csvCell('x\t-1')).toBe(`"'x\t-1"`);
    expect(csvCell('x;y')).toBe('"x;y"');
  });

  it('quotes every text cell, and leaves numbers bare', () => {
    expect(csvCell('alice')).toBe('"alice"');
    expect(csvCell(' alice=1')).toBe('" alice=1"');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
    expect(csvCell('a,b')).toBe('"a,b"');
  });
});
