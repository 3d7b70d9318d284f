/**
 * Partial-support notes whose limit the test itself falls outside: a client that supports
 * the feature only where the note says draws nothing of it in this test, so caniemail's
 * partial value expects no support in this test's picture. Each names the note by its text,
 * the test, and what in the test puts it outside.
 */
const OUTSIDE_THE_NOTE: { note: RegExp; test: string; because: string }[] = [
  {
    note: /^Partial\. Only supported on type selectors\.$/,
    test: 'css-pseudo-elements.html',
    because: 'the test sets every pseudo-element on a class selector (.test-before::before)',
  },
];

/** Why this test shows no support under one of these notes, or undefined. */
export function outsideTheNote(test: string, notes: string[]): string | undefined {
  const reading = OUTSIDE_THE_NOTE.find(
    (entry) => entry.test === test && notes.some((note) => entry.note.test(note)),
  );
  return reading && `${reading.because}, and the note limits support to "${reading.note.source}"`;
}
