import type { SourceText } from '../../model/client-family';
import { StageMemo } from '../../model/preparation';
import { evaluateConditionalComments } from '../../model/conditional-comments';
import { OfficeSettings, readOfficeMarkup } from './office-markup';

/** What the email's Office XML island declared, read from the source for later stages. */
export const OFFICE_SETTINGS = new StageMemo<OfficeSettings>('Office XML settings');

/**
 * Word-engine clients read the source as text first: conditional comments are evaluated
 * and Office markup is taken as settings before any parsing
 * (docs/fidelity.md#outlook-for-windows-word-engine, items 1 and 2).
 */
export function readWordSource(source: SourceText): void {
  const { profile, report } = source;
  const evaluated = evaluateConditionalComments(source.html, profile.mso!);
  if (evaluated.evaluated)
    report.add(
      'rule:conditional-comments',
      `Conditional comments evaluated for mso ${profile.mso}`,
      'comment',
      'Microsoft: About conditional comments; MJML and Cerberus ghost tables',
      evaluated.evaluated,
    );
  const { html, settings } = readOfficeMarkup(evaluated.html);
  if (settings.islands)
    report.add(
      'rule:office-markup',
      'Office XML island read as settings, not drawn',
      '<xml>',
      'Microsoft Office HTML and XML Reference (o:OfficeDocumentSettings)',
      settings.islands,
    );
  source.html = html;
  OFFICE_SETTINGS.set(source, settings);
}
