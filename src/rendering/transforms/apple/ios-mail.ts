import type { EmailDocument } from '../email-document';
import type { RenderReport } from '../render-report';
import { applyDataDetectors } from './data-detectors';
import { applyMinimumTextSize } from './minimum-text-size';

/** iOS Mail's engine model where it differs from Safari: data detectors, minimum text size. */
export function applyIosMailModel($: EmailDocument, report: RenderReport): void {
  applyDataDetectors($, report);
  applyMinimumTextSize($, report);
}
