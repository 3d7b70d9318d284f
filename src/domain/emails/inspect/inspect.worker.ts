import { threadEntry } from '../../../base/threads/budgeted-thread-pool';
import { previewText, PreviewText } from '../../../rendering/inbox/preview-text';
import { HtmlInspection, InspectTask, inspectHtml } from './inspect-html';
import { inspectRawSource, RawSourceInspection, RawSourceTask } from './inspect-raw-source';

export type InspectionTask =
  | ({ kind: 'html' } & InspectTask)
  | ({ kind: 'raw-source' } & RawSourceTask)
  | { kind: 'preview'; html: string | null; text: string | null };

/** The worker-thread entry piscina loads: one inspection per call. */
export default threadEntry(
  (task: InspectionTask): HtmlInspection | Promise<RawSourceInspection> | PreviewText => {
    if (task.kind === 'preview') return previewText(task.html, task.text);
    return task.kind === 'html' ? inspectHtml(task) : inspectRawSource(task);
  },
);
