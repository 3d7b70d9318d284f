/**
 * Partial-support notes whose limit the test itself falls outside: a client that supports
 * the feature only where the note says draws nothing of it in this test, so caniemail's
 * partial value expects no support in this test's picture. Each names the note by its text,
 * the tests, and what in them puts them outside; `whereUnsupported`: the reading holds only
 * where caniemail records that other feature unsupported too (what the test would otherwise
 * draw the feature through).
 */
const OUTSIDE_THE_NOTE: {
  note: RegExp;
  tests: string[];
  because: string;
  whereUnsupported?: string;
}[] = [
  {
    note: /^Partial\. Only supported on type selectors\.$/,
    tests: ['css-pseudo-elements.html'],
    because: 'the test sets every pseudo-element on a class selector (.test-before::before)',
  },
  {
    note: /^Partial\. Only supports `\[attr~=value\]` syntax\./,
    tests: ['html-lang.html', 'html-role.html'],
    because: 'the test colours its elements by presence selectors only ([lang], p[lang], [role])',
  },
  {
    note: /^Partial\. Only supports `\[attr=value\]` syntax\.$/,
    tests: ['html-lang.html', 'html-role.html'],
    because: 'the test colours its elements by presence selectors only ([lang], p[lang], [role])',
  },
  {
    note: /^Partial\. Replaced by a `<div>` with supported attributes\.$/,
    tests: ['html-body.html'],
    because:
      "the test draws <body> only through the body's own presentational attributes (bgcolor, text, background, margins) and body[…] selectors, none of which a <div> draws",
  },
  {
    note: /^Partial\. Does not work when applied directly to an `<img>` element\.$/,
    tests: ['css-visual-effects.html'],
    because: 'the test sets display:none on an <img> only',
  },
  {
    note: /^Partial\. Supports `sticky` but not `relative`, `absolute` and `fixed`\.$/,
    tests: ['css-positioning.html'],
    because:
      'the test pictures the page unscrolled, where its one sticky box (top:0 at the top of its cell) sits where a static box would',
  },
  {
    note: /^Partial\. Supports `relative` but not {1,2}`absolute`, `sticky` and `fixed`\.$/,
    tests: ['css-positioning.html'],
    because:
      'the test moves its relative boxes only by left, top, right and bottom, which this client drops (caniemail css-left-right-top-bottom n)',
    whereUnsupported: 'css-left-right-top-bottom',
  },
];

/**
 * Why this test shows no support under one of these notes, or undefined. `unsupportedHere`
 * tells whether caniemail records another feature unsupported in the profile.
 */
export function outsideTheNote(
  test: string,
  notes: string[],
  unsupportedHere: (slug: string) => boolean = () => false,
): string | undefined {
  const reading = OUTSIDE_THE_NOTE.find(
    (entry) =>
      entry.tests.includes(test) &&
      notes.some((note) => entry.note.test(note)) &&
      (!entry.whereUnsupported || unsupportedHere(entry.whereUnsupported)),
  );
  return reading && `${reading.because}, and the note limits support to "${reading.note.source}"`;
}
