import { HtmlInspection, InspectTask, inspectHtml } from './inspect-html';

/** The worker-thread entry piscina loads: one inspection per call. */
export default function inspect(task: InspectTask): HtmlInspection {
  return inspectHtml(task);
}
