import { simpleParser } from 'mailparser';

export interface ParsedMessage {
  html: string | null;
  /** The text/plain parts; null for an HTML-only message. */
  text: string | null;
  subject: string | null;
  fromAddress: string | null;
  fromDisplayName: string | null;
  /** Inline parts addressable as `cid:` from the HTML. */
  inlineParts: { contentId: string; contentType: string; content: Buffer }[];
}

/**
 * Parses a whole RFC 5322 message (multipart, encodings, charsets) with mailparser, in
 * linear time: without its html-to-text conversion, which is quadratic in the nesting of
 * the HTML and would run before the HTML limits are checked. Nothing needs that text: a
 * client that shows text only derives it from the HTML with the same html-to-text call
 * when the message has no text/plain part (rendering/families/plain-text/plain-text.ts), in a
 * preparation thread, once the HTML has passed the limits.
 */
export async function parseRawSource(raw: string): Promise<ParsedMessage> {
  const mail = await simpleParser(raw, {
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipImageLinks: true,
  });
  const from = mail.from?.value[0];
  return {
    html: typeof mail.html === 'string' && mail.html.trim() ? mail.html : null,
    text: mail.text?.trim() ? mail.text : null,
    subject: mail.subject ?? null,
    fromAddress: from?.address || null,
    fromDisplayName: from?.name || null,
    inlineParts: mail.attachments
      .filter((part) => part.contentId && part.contentType.startsWith('image/'))
      .map((part) => ({
        contentId: part.contentId!.replace(/^<|>$/g, ''),
        contentType: part.contentType,
        content: part.content,
      })),
  };
}
