import type { CaptureOptionsInput } from '../emails/email-upload';

/** Two emails to compare, in some clients (all the base's captured ones when none are named). */
export interface ComparisonRequest extends CaptureOptionsInput {
  base_email_guid: string;
  head_email_guid: string;
  clients?: string[];
}
