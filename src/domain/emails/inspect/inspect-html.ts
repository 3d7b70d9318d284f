import { extractResourceReferences, ResourceReferences } from '../resources/html-references';
import { HtmlLimits, htmlLimitProblem } from '../limits/html-limits';

/** What POST /v1/emails learns from an email's HTML: why it is refused, or what it loads. */
export type HtmlInspection =
  | { refusal: string; references?: undefined }
  | { refusal?: undefined; references: ResourceReferences };

export interface InspectTask {
  html: string;
  limits: HtmlLimits;
}

/** The limits first (linear, and they stop parsing early), then what the email loads. */
export function inspectHtml({ html, limits }: InspectTask): HtmlInspection {
  const problem = htmlLimitProblem(html, limits);
  return problem
    ? { refusal: `The email's HTML has ${problem}` }
    : { references: extractResourceReferences(html) };
}
