import type { Element } from 'domhandler';
import type { HtmlCheckFinding } from './html-check-ids';
import { SOURCES } from './check-sources';
import { elementPath } from './element-path';
import type { HtmlDocument } from './html-document';
import { excerpt } from './text-content';

/**
 * The most one image should weigh (1 MiB). Our own budget: no standard sets one; a single image
 * this heavy is a fifth of the total Lighthouse flags a whole page for, on a phone's data plan.
 */
export const IMAGE_BYTES_BUDGET = 1_048_576;

/** The most all of an email's images together should weigh (5 MiB): what Lighthouse flags a page at. */
export const TOTAL_IMAGE_BYTES_BUDGET = 5 * IMAGE_BYTES_BUDGET;

/** One of the email's images as recorded when it was created. */
export interface RecordedImage {
  /** The reference as written in the HTML. */
  url: string;
  status: 'stored' | 'missing';
  /** The stored copy's size, when it was fetched. */
  bytes?: number;
}

/**
 * img-missing and img-weight, from the images recorded at creation (this reads no file): a
 * reference that could not be fetched, an image over IMAGE_BYTES_BUDGET, all images together
 * over TOTAL_IMAGE_BYTES_BUDGET. An image referenced twice is downloaded once, and counted once.
 */
export function imageWeightChecks(doc: HtmlDocument, images: RecordedImage[]): HtmlCheckFinding[] {
  const findings: HtmlCheckFinding[] = [];
  const unique = [...new Map(images.map((image) => [image.url, image])).values()];
  let total = 0;
  for (const image of unique) {
    const element = imageElement(doc, image.url);
    if (image.status === 'missing') {
      findings.push({
        id: 'img-missing',
        severity: 'error',
        message:
          `The image ${excerpt(image.url, 100)} could not be fetched: readers will see its alt ` +
          'text or a broken-image icon instead.',
        source: SOURCES.imgElement,
        ...element,
      });
      continue;
    }
    const bytes = image.bytes ?? 0;
    total += bytes;
    if (bytes > IMAGE_BYTES_BUDGET)
      findings.push({
        id: 'img-weight',
        severity: 'warning',
        message:
          `The image ${excerpt(image.url, 100)} weighs ${size(bytes)}, over the per-image budget ` +
          `of ${size(IMAGE_BYTES_BUDGET)}: it loads slowly on mobile data. Resize or compress it.`,
        source: SOURCES.networkPayloads,
        ...element,
      });
  }
  if (total > TOTAL_IMAGE_BYTES_BUDGET)
    findings.push({
      id: 'img-weight',
      severity: 'warning',
      message:
        `The email's ${unique.length} images weigh ${size(total)} together, over the total ` +
        `budget of ${size(TOTAL_IMAGE_BYTES_BUDGET)} for all images: readers on mobile data ` +
        'wait for, and pay for, every byte.',
      source: SOURCES.networkPayloads,
    });
  return findings;
}

/** The `<img>` that references the URL, when one does (it may be a CSS background instead). */
function imageElement(doc: HtmlDocument, url: string): { element?: string } {
  const el = doc
    .$('img[src]')
    .toArray()
    .find((img: Element) => img.attribs.src.trim() === url.trim());
  return el ? { element: elementPath(el) } : {};
}

function size(bytes: number): string {
  return bytes >= IMAGE_BYTES_BUDGET
    ? `${(bytes / IMAGE_BYTES_BUDGET).toFixed(1)} MB`
    : `${Math.round(bytes / 1024)} KB`;
}
