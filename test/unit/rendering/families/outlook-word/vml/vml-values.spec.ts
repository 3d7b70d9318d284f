import {
  fillPosition,
  fillSize,
} from '../../../../../../src/rendering/families/outlook-word/vml/vml-fill';
import { cornerRadius } from '../../../../../../src/rendering/families/outlook-word/vml/vml-model';
import {
  cssLength,
  DEFAULT_INSET,
  fraction,
  lengthPx,
  pair,
  readInset,
  vmlColor,
} from '../../../../../../src/rendering/families/outlook-word/vml/vml-values';

describe('VML values', () => {
  it('reads lengths in px, pt, in, cm, mm; a bare number is px', () => {
    expect(lengthPx('10')).toBe(10);
    expect(lengthPx('10px')).toBe(10);
    expect(lengthPx('0.75pt')).toBe(1);
    expect(lengthPx('1in')).toBe(96);
    expect(lengthPx('2.54cm')).toBeCloseTo(96);
    expect(lengthPx('25.4mm')).toBeCloseTo(96);
    expect(lengthPx('auto')).toBeUndefined();
    expect(lengthPx('')).toBeUndefined();
    expect(cssLength('50%')).toBe('50%');
    expect(cssLength('72pt')).toBe('96px');
  });

  it('reads arcsize in its three notations', () => {
    expect(fraction('0.1')).toBe(0.1);
    expect(fraction('10%')).toBe(0.1);
    expect(fraction('6554f')).toBeCloseTo(0.1, 4);
    expect(fraction('x')).toBeUndefined();
  });

  it('reads pairs and insets (left,top,right,bottom; an empty item keeps its default)', () => {
    expect(pair('0, -0.5')).toEqual(['0', '-0.5']);
    expect(pair('1 1')).toEqual(['1', '1']);
    expect(pair('')).toBeUndefined();
    expect(readInset(undefined)).toEqual(DEFAULT_INSET);
    expect(readInset('0,0,0,0')).toEqual([0, 0, 0, 0]);
    expect(readInset('10px,,0.5in,3pt')).toEqual([DEFAULT_INSET[0], 48, 4, 10]);
  });

  it('reads colours: names, hex, scheme suffixes; derived forms keep their base', () => {
    expect(vmlColor('white')).toBe('white');
    expect(vmlColor('#4f81bd [3204]')).toBe('#4f81bd');
    expect(vmlColor('rgb(255, 0, 0)')).toBe('rgb(255, 0, 0)');
    expect(vmlColor('fill darken(118)', '#123456')).toBe('#123456');
    expect(vmlColor('not-a-colour')).toBeUndefined();
  });

  it('reads fill origin/position: centred fractions for frames, from the top left for tiles', () => {
    expect(fillPosition('0, -0.5', '0, -0.5', 'frame')).toBe('50% 0%');
    expect(fillPosition('0.5, 0.5', '0.5, 0.5', 'frame')).toBe('100% 100%');
    expect(fillPosition(undefined, undefined, 'frame')).toBe('50% 50%');
    expect(fillPosition('0.5, 0', '0.5, 0', 'tile')).toBe('50% 0%');
    expect(fillPosition(undefined, undefined, 'tile')).toBe('0% 0%');
  });

  it('reads fill size and aspect as CSS background-size', () => {
    expect(fillSize('1,1', 'atleast', 'frame')).toBe('cover');
    expect(fillSize('1,1', 'atmost', 'frame')).toBe('contain');
    expect(fillSize('600px', 'atmost', 'frame')).toBe('600px auto');
    expect(fillSize('0.5,0.25', undefined, 'tile')).toBe('50% 25%');
    expect(fillSize('30pt,20', undefined, 'tile')).toBe('40px 20px');
    expect(fillSize(undefined, undefined, 'frame')).toBe('100% 100%');
    expect(fillSize(undefined, undefined, 'tile')).toBe('auto');
  });

  it('rounds corners by arcsize times the shorter side, at most half of it', () => {
    expect(cornerRadius(0.1, 200, 40)).toBe('4px'); // buttons.cm: 4px radius written as 10%
    expect(cornerRadius(0.19, 536, 268)).toBe('50.92px'); // dextinity#6296: 50px seen
    expect(cornerRadius(1, 200, 40)).toBe('20px');
    expect(cornerRadius(0.1)).toBe('10%');
  });
});
