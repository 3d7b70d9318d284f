import type { CapturedCapture } from './capture.entity';
import type { CaptureConfiguration } from './capture-configuration';

/** How many captured configurations a process remembers (about 200 bytes each). */
const CAPTURED_CACHE_SIZE = 20_000;

/**
 * Captured rows, for repeat GETs. Safe to keep: a captured row changes only when it is
 * purged, which happens after its expiresAt (every hit checks) or when its email is erased
 * (the email is looked up first, and is gone), when a diff is attached,
 * or when storage:move (any process) switches where its files are: where a file is, is
 * read from the database for each redirect (withCurrentFiles), never from here.
 */
export class CapturedCache {
  private readonly captured = new Map<string, CapturedCapture>();

  /** The remembered capture of this configuration, unless it expired by `now` (then forgotten). */
  get(
    emailId: string,
    configuration: CaptureConfiguration,
    now: Date,
  ): CapturedCapture | undefined {
    const key = rememberedKey(emailId, configuration);
    const remembered = this.captured.get(key);
    if (remembered && remembered.expiresAt > now) return remembered;
    this.captured.delete(key);
    return undefined;
  }

  remember(emailId: string, configuration: CaptureConfiguration, capture: CapturedCapture): void {
    const key = rememberedKey(emailId, configuration);
    const oldest = this.captured.keys().next();
    if (this.captured.size >= CAPTURED_CACHE_SIZE && !oldest.done)
      this.captured.delete(oldest.value);
    this.captured.set(key, capture);
  }

  forget(emailId: string, configuration: CaptureConfiguration): void {
    this.captured.delete(rememberedKey(emailId, configuration));
  }

  /** Every configuration of the email (erased). */
  forgetEmail(emailId: string): void {
    for (const key of this.captured.keys())
      if (key.startsWith(`${emailId}/`)) this.captured.delete(key);
  }
}

function rememberedKey(emailId: string, configuration: CaptureConfiguration): string {
  return `${emailId}/${configuration.client}/${configuration.images}/${configuration.orientation}`;
}
