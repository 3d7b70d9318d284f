import type { Container } from 'postcss';
import { supportEntry } from '../../caniemail/support-table';
import { editInlineStyles, editStylesheets } from '../../model/css-walker';
import type { Preparation } from '../../model/client-family';
import { caniemailSource } from '../../model/render-report';
import type { ClientProfile } from '../../profile/client-profile';

const FALLBACK_NOTE = /ignore the font stack and fall back to Times New Roman/;
const unquote = (family: string) =>
  family
    .trim()
    .replace(/^['"]|['"]$/g, '')
    .toLowerCase();

/** The caniemail note number stating the Times New Roman fallback for this client, if any. */
function fallbackNote(profile: ClientProfile): string | undefined {
  if (!profile.caniemail) return undefined;
  const entry = supportEntry(profile.caniemail).find((e) => e.feature.slug === 'css-at-font-face');
  return entry?.noteNumbers.find((n) => FALLBACK_NOTE.test(entry.feature.notes_by_num?.[n] ?? ''));
}

/**
 * Outlook 2007-2016 (caniemail css-at-font-face #5): an element whose font stack begins with
 * a font declared by `@font-face` ignores the rest of the stack and falls back to Times New
 * Roman, unless `mso-font-alt` names the font to use instead. Where the data does not state
 * it (Outlook 2019), the stack falls through as in a browser; distant fonts never load.
 */
export function applyWebFontFallback(p: Preparation): void {
  const { $, report } = p;
  const note = fallbackNote(p.profile);
  if (!note) return;
  const webFonts = new Set<string>();
  editStylesheets($, (root) =>
    root.walkAtRules(/^font-face$/i, (rule) =>
      rule.walkDecls(/^font-family$/i, (decl) => void webFonts.add(unquote(decl.value))),
    ),
  );
  if (webFonts.size === 0) return;
  const fallBack = (block: Container, where: string) => {
    let alternative: string | undefined;
    block.each((node) => {
      if (node.type === 'decl' && node.prop.toLowerCase() === 'mso-font-alt')
        alternative = node.value;
    });
    block.each((node) => {
      if (node.type !== 'decl' || node.prop.toLowerCase() !== 'font-family') return;
      if (!webFonts.has(unquote(node.value.split(',')[0]))) return;
      node.value = alternative ?? '"Times New Roman"';
      report.add(
        'css-at-font-face',
        alternative
          ? 'A web font stack falls back to mso-font-alt'
          : 'A web font stack falls back to Times New Roman',
        where,
        caniemailSource('css-at-font-face', [note]),
      );
    });
  };
  editStylesheets($, (root) =>
    root.walkRules((rule) => {
      if (rule.parent?.type === 'atrule' && /font-face/i.test(rule.parent.name)) return;
      fallBack(rule, 'style block');
    }),
  );
  editInlineStyles(
    $,
    (root) => root.walkRules((rule) => fallBack(rule, 'style attribute')),
    (style) => /font-family/i.test(style),
  );
}
