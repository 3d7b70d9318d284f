import { fontTypeOf, refusedFontType } from '../../../../../src/domain/emails/fetch/font-type';
import { PROBE_FONT } from '../../../../support/resource-server';

const starting = (head: string | number[]) =>
  Buffer.concat([
    typeof head === 'string' ? Buffer.from(head, 'latin1') : Buffer.from(head),
    Buffer.alloc(12),
  ]);

describe('a font is a font by its bytes', () => {
  it('reads the WOFF2, WOFF, OpenType, TrueType and collection signatures', () => {
    expect(fontTypeOf(starting('wOF2'))).toBe('font/woff2');
    expect(fontTypeOf(starting('wOFF'))).toBe('font/woff');
    expect(fontTypeOf(starting('OTTO'))).toBe('font/otf');
    expect(fontTypeOf(starting([0, 1, 0, 0]))).toBe('font/ttf');
    expect(fontTypeOf(starting('true'))).toBe('font/ttf');
    expect(fontTypeOf(starting('ttcf'))).toBe('font/ttf');
    expect(fontTypeOf(PROBE_FONT)).toBe('font/ttf');
  });

  it('refuses anything else, whatever it was called', () => {
    expect(fontTypeOf(Buffer.from('<!doctype html><p>'))).toBeNull();
    expect(fontTypeOf(starting([0x89, 0x50, 0x4e, 0x47]))).toBeNull(); // a PNG
    expect(fontTypeOf(Buffer.from('wOF'))).toBeNull(); // too short to say
  });

  it('takes the types fonts are served with, and refuses others before reading the body', () => {
    for (const type of [
      'font/woff2',
      'application/font-woff',
      'application/x-font-ttf',
      'application/octet-stream',
      '',
    ])
      expect([type, refusedFontType(type)]).toEqual([type, undefined]);
    expect(refusedFontType('text/html')).toBe('not a font (text/html)');
    expect(refusedFontType('image/png')).toBe('not a font (image/png)');
  });
});
