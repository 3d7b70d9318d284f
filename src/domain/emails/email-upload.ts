import type { ImagesOption, OrientationOption } from '../../rendering';

/**
 * What the services take from a request: plain shapes. The HTTP surface's DTO classes
 * (http/<feature>/dto/) validate and document them and implement these.
 */

/** The capture options of a configuration; a preview's query carries them too. */
export interface CaptureOptionsInput {
  images?: ImagesOption;
  orientation?: OrientationOption;
}

/** One client to capture, with its options. */
export interface CaptureConfigurationInput extends CaptureOptionsInput {
  client: string;
}

/** An email to store: its content (HTML, text or a raw message), sender, envelope, prefetch. */
export interface EmailUpload {
  html_text?: string;
  plain_text?: string;
  raw_source?: string;
  subject?: string;
  from_address?: string;
  from_display_name?: string;
  sending_ip?: string;
  helo?: string;
  mail_from?: string;
  end_user_id?: string;
  configurations?: CaptureConfigurationInput[];
}

export const CONTENT_FIELDS = ['html_text', 'plain_text', 'raw_source'] as const;
/** The SMTP envelope, for SPF: allowed with any content, raw_source included. */
export const ENVELOPE_FIELDS = ['sending_ip', 'helo', 'mail_from'] as const;
/** Fields that raw_source already carries, so they may not be sent beside it. */
export const FIELDS_EXCLUSIVE_WITH_RAW = [
  'html_text',
  'plain_text',
  'subject',
  'from_address',
  'from_display_name',
] as const;
