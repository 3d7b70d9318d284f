import type { HtmlCheckFinding } from './html-check-ids';
import { SOURCES } from './check-sources';
import type { HtmlDocument } from './html-document';

/**
 * html-lang: a screen reader picks its voice and pronunciation from `<html lang>`; without it
 * it reads the email in the reader's default language, so a French email sounds like gibberish
 * to an English setup.
 */
export function documentLanguageCheck(doc: HtmlDocument): HtmlCheckFinding[] {
  const lang = doc.$('html').attr('lang')?.trim();
  if (lang) return [];
  // The parser adds an <html> element when the source has none: look at the source itself.
  const written = /<html[\s>/]/i.test(withoutComments(doc.source));
  return [
    {
      id: 'html-lang',
      severity: 'warning',
      message: written
        ? 'The <html> element has no lang attribute: screen readers cannot tell which language to read the email in. Add e.g. lang="en".'
        : 'The email has no <html> element, so no lang attribute: screen readers cannot tell which language to read it in. Wrap it in <html lang="…">.',
      source: SOURCES.languageOfPage,
      element: 'html',
    },
  ];
}

function withoutComments(html: string): string {
  return html.replace(/<!--[\s\S]*?-->/g, '');
}
