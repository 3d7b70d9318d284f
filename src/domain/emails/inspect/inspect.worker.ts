import { threadEntry } from '../../../base/threads/budgeted-thread-pool';
import { HtmlInspection, InspectTask, inspectHtml } from './inspect-html';
import { inspectRawSource, RawSourceInspection, RawSourceTask } from './inspect-raw-source';

export type InspectionTask =
  ({ kind: 'html' } & InspectTask) | ({ kind: 'raw-source' } & RawSourceTask);

/** The worker-thread entry piscina loads: one inspection per call. */
export default threadEntry((task: InspectionTask): HtmlInspection | Promise<RawSourceInspection> =>
  task.kind === 'html' ? inspectHtml(task) : inspectRawSource(task),
);
