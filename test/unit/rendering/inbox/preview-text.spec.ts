import { Parser } from 'htmlparser2';
import { previewText } from '../../../../src/rendering/inbox/preview-text';

describe('previewText', () => {
  it('takes a hidden preheader first, as extractors that ignore CSS do', () => {
    const html =
      '<html><head><title>T</title><style>.x{color:red}</style></head><body>' +
      '<span style="display: none !important; mso-hide: all">Hidden &amp; first</span>' +
      '<p>Visible body</p></body></html>';
    expect(previewText(html, 'plain')).toEqual({
      text: 'Hidden & first Visible body',
      from: 'hidden preheader text',
    });
  });

  it('takes the first visible text, blocks joined by one space, line breaks collapsed', () => {
    expect(
      previewText('<div>View\n in   browser</div><table><tr><td>Hello</td></tr></table>', null),
    ).toEqual({
      text: 'View in browser Hello',
      from: 'first visible text',
    });
  });

  it('drops zero-width padding and keeps the no-break spaces that push the body out', () => {
    const html = `<div style="max-height:0;opacity:0">Pre${'&zwnj;&nbsp;&#847;'.repeat(3)}</div><p>Body</p>`;
    expect(previewText(html, null).text).toBe('Pre\u00a0\u00a0\u00a0 Body');
  });

  it('reads each of the idioms that hide a preheader', () => {
    for (const style of [
      'display:none',
      'visibility:hidden',
      'opacity:0',
      'max-height:0px',
      'font-size:0',
      'mso-hide:all',
    ])
      expect(previewText(`<div style="${style}">Pre</div><p>Body</p>`, null).from).toBe(
        'hidden preheader text',
      );
    expect(previewText('<div hidden>Pre</div><p>Body</p>', null).from).toBe(
      'hidden preheader text',
    );
    expect(previewText('<div style="opacity:0.5">Pre</div>', null).from).toBe('first visible text');
    expect(previewText('<div style="font-size:0.9em">Pre</div>', null).from).toBe(
      'first visible text',
    );
  });

  it('falls back to the plain part, and says when there is nothing', () => {
    expect(previewText('<img alt="Only an image">', 'Plain  text\r\nhere')).toEqual({
      text: 'Plain text here',
      from: 'plain part',
    });
    expect(previewText(null, null)).toEqual({ text: '', from: 'none' });
  });

  it('caps what it keeps at 400 characters', () => {
    expect([...previewText(`<p>${'é'.repeat(1000)}</p>`, null).text]).toHaveLength(400);
  });

  it('stops reading the HTML once it holds enough for any preview', () => {
    const read = jest.spyOn(Parser.prototype, 'ontext');
    try {
      const long = `<body>${'<p><span>word</span></p>\n'.repeat(20_000)}</body>`;
      expect(previewText(long, null).text.startsWith('word word')).toBe(true);
      // 400 characters of 4-letter words: about a hundred runs of text read, not 20,000.
      expect(read.mock.calls.length).toBeLessThan(500);
    } finally {
      read.mockRestore();
    }
  });

  it('reads only the start of one enormous run of text', () => {
    const text = previewText(`<p>${'a '.repeat(5_000_000)}</p>`, null).text;
    expect(text).toHaveLength(399);
  });
});

describe('previewText of a builder’s output', () => {
  it('finds the first text after deep, indented layout markup (MJML’s)', () => {
    const indented = `${'<div>\n        <table>\n          <tr>\n            <td style="font-size:0px">\n'.repeat(60)}<div style="font-size:20px">Here is what you've missed</div>`;
    expect(
      previewText(`<html><head><style>p{}</style></head><body>${indented}</body></html>`, null),
    ).toEqual({
      text: "Here is what you've missed",
      from: 'first visible text',
    });
  });
});
