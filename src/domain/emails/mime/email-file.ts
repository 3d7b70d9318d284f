import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import type { EmailContent } from '../../../rendering';
import { parseRawSource } from './parse-raw-source';

/** A whole message (.eml, .mime, .txt), not an HTML body: by the file's extension. */
export function isMessageFile(path: string): boolean {
  return ['.eml', '.mime', '.txt'].includes(extname(path).toLowerCase());
}

/**
 * An email file as the rendering library takes it (the render and compare CLIs): an HTML
 * body as it is, or a whole message parsed with its inline parts addressable as `cid:`.
 */
export async function loadEmail(path: string): Promise<EmailContent> {
  const source = readFileSync(path, 'utf8');
  if (isMessageFile(path)) {
    const parsed = await parseRawSource(source);
    return {
      html: parsed.html,
      text: parsed.text,
      images: parsed.inlineParts.map((part) => ({
        url: `cid:${part.contentId}`,
        contentType: part.contentType,
        data: part.content,
      })),
    };
  }
  return { html: source, text: null, images: [] };
}
