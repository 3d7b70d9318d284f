import type { CaptureOptionsInput } from '../emails/email-upload';

/** A preview's query: the capture options, and what to answer while it is not ready. */
export interface PreviewQuery extends CaptureOptionsInput {
  fallback?: 'true' | 'false';
  fallback_url?: string;
}
