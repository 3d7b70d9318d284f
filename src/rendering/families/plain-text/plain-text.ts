import { convert } from 'html-to-text';
import { escapeText } from 'entities';

/**
 * The plain-text view of a client that shows text only: the text/plain part, or the
 * text derived from the HTML (html-to-text) when the email has none.
 */
export function plainTextDocument(text: string | null, html: string | null): string {
  const body = text ?? (html ? convert(html, { wordwrap: 80 }) : '');
  const escaped = escapeText(body);
  return `<!DOCTYPE html><html><head><meta charset="utf-8"></head><body class="ip-plain-text"><pre>${escaped}</pre></body></html>`;
}
