import type { CheckFinding } from '../../../rendering';
import { documentLanguageCheck } from './document-language-check';
import { parseHtmlDocument } from './html-document';
import { imageMarkupChecks } from './image-markup-checks';
import { imageWeightChecks, RecordedImage } from './image-weight-checks';
import { layoutTableCheck } from './layout-table-check';
import { linkChecks } from './link-checks';
import { preheaderCheck } from './preheader-check';

export { elementPath } from './element-path';
export { HTML_CHECK_IDS } from './html-check-ids';
export type { HtmlCheckId } from './html-check-ids';
export type { RecordedImage } from './image-weight-checks';
export { IMAGE_BYTES_BUDGET, TOTAL_IMAGE_BYTES_BUDGET } from './image-weight-checks';
export { SOURCES } from './check-sources';

/** A long email repeats the same mistake: past this many findings of one id, the rest add nothing. */
export const MAX_FINDINGS_PER_ID = 20;

export interface HtmlCheckInput {
  html: string;
  /** The email's images as recorded at creation: the reference as written in the HTML, and the stored copy's size when it was fetched. */
  images: RecordedImage[];
}

/**
 * The static pre-send checks: what can be told from the email's HTML alone, with no browser and
 * no I/O (accessibility, links, images, preview text). Findings come grouped by check, in
 * document order within a check, at most MAX_FINDINGS_PER_ID of each id.
 */
export function htmlChecks(input: HtmlCheckInput): CheckFinding[] {
  const doc = parseHtmlDocument(input.html);
  const findings = [
    ...documentLanguageCheck(doc),
    ...preheaderCheck(doc),
    ...imageMarkupChecks(doc),
    ...imageWeightChecks(doc, input.images),
    ...layoutTableCheck(doc),
    ...linkChecks(doc),
  ];
  const perId = new Map<string, number>();
  return findings.filter((finding) => {
    const count = (perId.get(finding.id) ?? 0) + 1;
    perId.set(finding.id, count);
    return count <= MAX_FINDINGS_PER_ID;
  });
}
