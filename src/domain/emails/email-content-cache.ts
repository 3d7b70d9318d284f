import { LRUCache } from 'lru-cache';
import type { EmailContent } from '../../rendering';

/** Bytes of email content kept for the captures that follow (HTML, text, stored copies). */
const CONTENT_BYTES = 64 * 1024 * 1024;
/** How long an email's content is kept after it was read: the span of its grid of captures. */
const CONTENT_KEPT_MS = 60_000;

/** Emails' content as read for their captures, by email id, bounded in bytes and time. */
export function contentCache(): LRUCache<string, EmailContent> {
  return new LRUCache<string, EmailContent>({
    maxSize: CONTENT_BYTES,
    ttl: CONTENT_KEPT_MS,
    sizeCalculation: (content) =>
      Math.max(
        1,
        (content.html?.length ?? 0) * 2 +
          (content.text?.length ?? 0) * 2 +
          content.images.reduce((sum, image) => sum + image.data.length, 0) +
          (content.resources ?? []).reduce(
            (sum, r) => sum + (r.status === 'stored' ? r.data.length : 0),
            0,
          ),
      ),
  });
}
