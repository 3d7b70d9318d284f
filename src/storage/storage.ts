/**
 * Where files live: stored image copies of emails and capture results. The abstract
 * class is the DI token; adapters: local folder (default), S3-compatible (scale-out).
 * Keys are relative paths such as `emails/<guid>/images/<hash>`.
 */
export abstract class Storage {
  abstract put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The stored bytes, or null when there is no such file. */
  abstract get(key: string): Promise<Buffer | null>;
  /** Whether a file is stored under the key. */
  abstract exists(key: string): Promise<boolean>;
  /** Deletes the files; keys that do not exist are ignored. */
  abstract delete(keys: string[]): Promise<void>;
  /** Where a client fetches the file now (the capture host redirects there). */
  abstract locate(key: string): Promise<string>;
}

/** Refuses keys that could escape the storage root or confuse an object store. */
export function assertSafeKey(key: string): void {
  if (
    !/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(key) ||
    key.split('/').some((p) => /^\.+$/.test(p))
  ) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}
