import type { CheckFinding } from '../../../rendering';

/**
 * The ids of the static HTML checks. They are part of the API (`GET /v1/emails/<guid>/checks`
 * answers them, clients filter on them), so they never change once released.
 */
export const HTML_CHECK_IDS = [
  'img-alt',
  'img-dimensions',
  'img-missing',
  'img-weight',
  'html-lang',
  'table-role',
  'link-text',
  'link-malformed',
  'link-insecure',
  'link-empty',
  'preheader-missing',
  'preheader-visible',
] as const;

export type HtmlCheckId = (typeof HTML_CHECK_IDS)[number];

/** A finding of a static HTML check: its id is one of the above, checked at compile time. */
export interface HtmlCheckFinding extends CheckFinding {
  id: HtmlCheckId;
}
