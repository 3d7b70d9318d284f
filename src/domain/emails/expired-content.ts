import type { Email } from './email.entity';

/** What an expired email clears: its content and stored copies; the row stays as a tombstone. */
export const EXPIRED_CONTENT: Partial<Email> = {
  htmlText: null,
  plainText: null,
  rawSource: null,
  subject: null,
  fromAddress: null,
  fromDisplayName: null,
  envelope: null,
  authentication: null,
  preview: null,
  images: [],
  resources: [],
};
