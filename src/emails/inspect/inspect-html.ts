import { extractImageReferences, ImageReferences } from '../images/extract-image-urls';
import { HtmlLimits, htmlLimitProblem } from '../limits/html-limits';

/** What POST /v1/emails learns from an email's HTML: why it is refused, or its images. */
export type HtmlInspection =
  | { refusal: string; references?: undefined }
  | { refusal?: undefined; references: ImageReferences };

export interface InspectTask {
  html: string;
  limits: HtmlLimits;
}

/** The limits first (linear, and they stop parsing early), then the image references. */
export function inspectHtml({ html, limits }: InspectTask): HtmlInspection {
  const problem = htmlLimitProblem(html, limits);
  return problem
    ? { refusal: `The email's HTML has ${problem}` }
    : { references: extractImageReferences(html) };
}
