import { simpleParser } from 'mailparser';
import type { AppConfig } from '../../../../../src/platform/config/app-config';
import { extractResourceReferences } from '../../../../../src/domain/emails/resources/html-references';
import { HtmlInspector } from '../../../../../src/domain/emails/inspect/html-inspector';
import { decodedTextProblem } from '../../../../../src/domain/emails/mime/decoded-text-problem';
import {
  parseRawSource,
  ParsedMessage,
} from '../../../../../src/domain/emails/mime/parse-raw-source';
import { plainTextDocument } from '../../../../../src/rendering/families/plain-text/plain-text';

const HTML_ONLY = [
  'Content-Type: text/html; charset=utf-8',
  '',
  '<h1>Sale</h1><p>Up to <b>50%</b> off, <a href="https://example.com/">shop now</a>.</p>',
  '<table><tr><td>Shoes</td><td>$20</td></tr></table>',
].join('\r\n');

describe('raw_source parsing', () => {
  it('leaves HTML-to-text to the text-only client, which shows what mailparser derived', async () => {
    const parsed = await parseRawSource(HTML_ONLY);
    expect(parsed.text).toBeNull();
    // Before: mailparser's own html-to-text, stored as the text.
    const converted = (await simpleParser(HTML_ONLY)).text!;
    expect(plainTextDocument(parsed.text, parsed.html)).toBe(
      plainTextDocument(converted, parsed.html),
    );
  });

  it('hands inline parts back from the inspection thread as Buffers', async () => {
    const logo = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]);
    const raw = [
      'Content-Type: multipart/related; boundary="r"',
      '',
      '--r',
      'Content-Type: text/html',
      '',
      '<img src="cid:logo@x">',
      '--r',
      'Content-Type: image/png',
      'Content-Transfer-Encoding: base64',
      'Content-ID: <logo@x>',
      '',
      logo.toString('base64'),
      '--r--',
    ].join('\r\n');
    const inspector = new HtmlInspector({
      preparation: { threads: 1, timeoutMs: 30_000, memoryMb: 256 },
      emailLimits: { maxDepth: 400, maxElements: 50_000, maxMimeParts: 500 },
    } as AppConfig);
    try {
      const { message, references } = await inspector.inspectRawSource(raw);
      expect(references?.contentIds).toEqual(['logo@x']);
      const [part] = message.inlineParts;
      expect(Buffer.isBuffer(part.content)).toBe(true);
      expect(part.content.equals(logo)).toBe(true);
    } finally {
      await inspector.onApplicationShutdown();
    }
  });
});

describe('decodedTextProblem', () => {
  const message = (fields: Partial<ParsedMessage>): ParsedMessage => ({
    html: '<p>x</p>',
    text: null,
    subject: null,
    fromAddress: null,
    fromDisplayName: null,
    inlineParts: [],
    ...fields,
  });

  it('counts characters as PostgreSQL does: code points, not UTF-16 units', () => {
    expect(decodedTextProblem(message({ fromDisplayName: '😀'.repeat(200) }))).toBeNull();
    expect(decodedTextProblem(message({ fromDisplayName: '😀'.repeat(201) }))).toBe(
      "'raw_source' From display name must be at most 200 characters",
    );
  });

  it('names a NUL in an inline part header, and a From address that is none', () => {
    const part = { contentId: 'a\u0000b', contentType: 'image/png', content: Buffer.alloc(0) };
    expect(decodedTextProblem(message({ inlineParts: [part] }))).toBe(
      "'raw_source' inline part Content-ID must not contain NUL characters",
    );
    expect(decodedTextProblem(message({ fromAddress: 'not an address' }))).toBe(
      "'raw_source' From address must be an email address",
    );
  });
});

describe('extractResourceReferences on a large style block', () => {
  it('finds more url()s than a function call takes arguments', () => {
    const rules = Array.from({ length: 150_000 }, (_, i) => `.a${i}{background:url(cid:i${i})}`);
    const { contentIds } = extractResourceReferences(`<style>${rules.join('')}</style>`);
    expect(contentIds).toHaveLength(150_000);
  });
});
