/**
 * One place files live: the local folder, or a bucket (and key prefix) of an S3-compatible
 * service. `location` names it in the records of the files it holds ('local',
 * 's3:<bucket>' or 's3:<bucket>/<prefix>'). Keys are relative paths such as
 * `emails/<guid>/images/<hash>`, the same in every location.
 */
export abstract class FileStore {
  abstract readonly location: string;
  abstract put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The stored bytes, or null when there is no such file. */
  abstract get(key: string): Promise<Buffer | null>;
  /** Whether a file is stored under the key. */
  abstract exists(key: string): Promise<boolean>;
  /** The stored file's size in bytes, or null when there is no such file. */
  abstract size(key: string): Promise<number | null>;
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

export const LOCAL_LOCATION = 'local';

/** The location of a bucket and prefix: 's3:<bucket>' or 's3:<bucket>/<prefix>'. */
export function s3Location(bucket: string, prefix: string): string {
  return prefix ? `s3:${bucket}/${prefix}` : `s3:${bucket}`;
}

/** A bucket and prefix from an s3 location; null for any other location. */
export function parseS3Location(location: string): { bucket: string; prefix: string } | null {
  const match = /^s3:([a-z0-9.-]{3,63})(?:\/([A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*))?$/.exec(
    location,
  );
  return match ? { bucket: match[1], prefix: match[2] ?? '' } : null;
}
