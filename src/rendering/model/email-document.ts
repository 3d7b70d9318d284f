import * as cheerio from 'cheerio';
import type { CheerioAPI } from 'cheerio';

/** An email's HTML parsed once (parse5, as browsers parse) and transformed in place. */
export type EmailDocument = CheerioAPI;

export function parseEmail(html: string): EmailDocument {
  return cheerio.load(html);
}

/** The document's doctype nodes (wherever they are: a comment may come first). */
function doctypes($: EmailDocument) {
  return $.root()
    .contents()
    .filter((_i, node) => node.type === 'directive' && /^!doctype$/i.test(node.name));
}

/** Whether the email declares a doctype. */
export function hasDoctype($: EmailDocument): boolean {
  return doctypes($).length > 0;
}

export function serializeEmail($: EmailDocument, keepDoctype = true): string {
  if (!keepDoctype) doctypes($).remove();
  return $.html();
}
