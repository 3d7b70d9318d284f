import { clientCatalog } from '../../../src/rendering/catalog/client-catalog';
import { hiddenBecause } from '../../conformance/drawn-through';
import { expectedOf } from '../../conformance/oracle';
import { outsideTheNote } from '../../conformance/test-readings';

const profile = (code: string) => clientCatalog.find(code)!;

describe('what a caniemail test can show in a profile', () => {
  it('reads a partial note the test falls outside as no support in its picture', () => {
    // Gmail: only [attr~=value] on class; html-lang.html colours by [lang] presence selectors
    const gmail = profile('GMAILNEW');
    expect(expectedOf(gmail, 'css-selector-attribute', 'a #5', 'html-lang.html')).toBe(
      'unsupported',
    );
    // the same note in the attribute selector test itself, which uses ~=, expects support
    expect(
      expectedOf(gmail, 'css-selector-attribute', 'a #5', 'css-selectors-attribute.html'),
    ).toBe('supported');
  });

  it('applies a reading that needs another feature unsupported only where it is', () => {
    const relativeOnly = [
      'Partial. Supports `relative` but not  `absolute`, `sticky` and `fixed`.',
    ];
    expect(outsideTheNote('css-positioning.html', relativeOnly, () => true)).toMatch(
      /left, top, right and bottom/,
    );
    expect(outsideTheNote('css-positioning.html', relativeOnly, () => false)).toBeUndefined();
  });

  it('leaves an attribute feature undecided where its selectors are outside the note', () => {
    expect(hiddenBecause(profile('GMAILNEW'), 'html-role', 'html-role.html')).toMatch(
      /only through css-selector-attribute/,
    );
    // Apple Mail supports attribute selectors: the test shows the role attribute there
    expect(hiddenBecause(profile('IPHONE15'), 'html-role', 'html-role.html')).toBeUndefined();
  });

  it('leaves offsets undecided where the boxes they move are not positioned', () => {
    // Outlook.com keeps only sticky; its offsets then move nothing in an unscrolled picture
    expect(
      hiddenBecause(profile('OUTLOOKCOM'), 'css-left-right-top-bottom', 'css-positioning.html'),
    ).toMatch(/only through css-position/);
    expect(
      hiddenBecause(profile('IPHONE15'), 'css-left-right-top-bottom', 'css-positioning.html'),
    ).toBeUndefined();
  });

  it('leaves undecided what only the network or a family rule could show', () => {
    expect(hiddenBecause(profile('OL2019'), 'css-at-import', 'css-placement.html')).toMatch(
      /network/,
    );
    expect(hiddenBecause(profile('OL2019'), 'css-background-color', 'css-background.html')).toMatch(
      /first class only/,
    );
    expect(
      hiddenBecause(profile('OUTLOOKCOM'), 'css-background-color', 'css-background.html'),
    ).toBeUndefined();
  });
});
