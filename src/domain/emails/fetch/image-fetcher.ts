import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { AppConfig } from '../../../platform/config/app-config';
import { Storage } from '../../../platform/storage/storage';
import { EmailImage } from '../email-image';
import { mapWithConcurrency } from '../../../base/system/map-with-concurrency';
import { failureOf, RemoteDownload } from './remote-download';

/**
 * Downloads the remote images of a new email once, within limits of count, size and
 * time, and stores them; renders later use only these copies
 * (docs/api.md#email-upload-details). The network protections are RemoteDownload's. A failed
 * image never fails the email: it is recorded as missing with the reason.
 */
@Injectable()
export class ImageFetcher {
  constructor(
    private readonly config: AppConfig,
    private readonly storage: Storage,
    private readonly download: RemoteDownload,
  ) {}

  /**
   * `earlier`: images of this email fetched by an earlier call (the HTML's, before those its
   * stylesheets name): they count against the same limits.
   */
  async prefetch(
    emailGuid: string,
    urls: string[],
    earlier: EmailImage[] = [],
  ): Promise<EmailImage[]> {
    const limits = this.config.images;
    const deadline = AbortSignal.timeout(limits.timeoutMs);
    let budget = earlier.reduce((left, image) => left - (image.bytes ?? 0), limits.maxTotalBytes);
    const room = Math.max(0, limits.maxCount - earlier.length);
    const wanted = urls.slice(0, room);
    const skipped = urls.slice(room).map<EmailImage>((url) => ({
      url,
      status: 'missing',
      reason: `more than ${limits.maxCount} images`,
    }));
    const fetched = await mapWithConcurrency(wanted, limits.concurrency, async (url) => {
      try {
        const { data, contentType } = await this.download.get(url, {
          signal: deadline,
          maxBytes: Math.min(limits.maxBytes, budget),
          accept: 'image/*',
          refuseType: (type) =>
            type.startsWith('image/') ? undefined : `not an image (${type || 'no content type'})`,
        });
        budget -= data.length;
        const key = `emails/${emailGuid}/images/${createHash('sha256').update(url).digest('hex').slice(0, 32)}`;
        const location = await this.storage.put(key, data, contentType);
        return {
          url,
          status: 'stored',
          key,
          location,
          content_type: contentType,
          bytes: data.length,
        } as EmailImage;
      } catch (error) {
        return { url, status: 'missing', reason: failureOf(error, deadline).reason } as EmailImage;
      }
    });
    return [...fetched, ...skipped];
  }
}
