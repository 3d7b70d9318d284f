import type { ResourceReferences } from '../resources/html-references';
import type { HtmlLimits } from '../limits/html-limits';
import { decodedTextProblem } from '../mime/decoded-text-problem';
import { mimePartsExceed } from '../mime/mime-part-count';
import { parseRawSource, ParsedMessage } from '../mime/parse-raw-source';
import { inspectHtml } from './inspect-html';

export interface RawSourceLimits extends HtmlLimits {
  maxMimeParts: number;
}

export interface RawSourceTask {
  raw: string;
  limits: RawSourceLimits;
}

export interface InspectedEmail {
  message: ParsedMessage;
  /** Null when the message has no HTML. */
  references: ResourceReferences | null;
}

/** What POST /v1/emails learns from a raw_source: why it is refused, or its content and images. */
export type RawSourceInspection = { refusal: string } | ({ refusal?: undefined } & InspectedEmail);

/**
 * Every step is linear or stops at a limit, each before the next costlier one: the MIME
 * part count (streaming), the parse (without html-to-text), the decoded text's hygiene,
 * the HTML limits, and only then the image references.
 */
export async function inspectRawSource({
  raw,
  limits,
}: RawSourceTask): Promise<RawSourceInspection> {
  let message: ParsedMessage;
  try {
    if (await mimePartsExceed(raw, limits.maxMimeParts)) {
      return { refusal: `'raw_source' has more than ${limits.maxMimeParts} MIME parts` };
    }
    message = await parseRawSource(raw);
  } catch (error) {
    // Malformed MIME (a header over mailsplit's size limit, ...) is the sender's 400.
    return { refusal: `'raw_source' is not a parsable message: ${(error as Error).message}` };
  }
  if (!message.html && !message.text) {
    return { refusal: "'raw_source' has no text/html or text/plain part" };
  }
  const problem = decodedTextProblem(message);
  if (problem) return { refusal: problem };
  if (!message.html) return { message, references: null };
  const inspection = inspectHtml({ html: message.html, limits });
  return inspection.refusal !== undefined
    ? { refusal: inspection.refusal }
    : { message, references: inspection.references };
}
