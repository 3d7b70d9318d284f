import { Environment } from './environment';

/** An S3-compatible service, its bucket and key prefix (S3_*). */
export interface S3Settings {
  endpoint?: string;
  region: string;
  bucket: string;
  /** Keys live under this prefix in the bucket ('' for none), without slashes at its ends. */
  prefix: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  publicUrl?: string;
  presignSeconds: number;
}

export interface StorageSettings {
  kind: 'local' | 's3';
  s3?: S3Settings;
}

export function storageSettings(env: Environment): StorageSettings {
  return {
    kind: env.STORAGE === 's3' ? 's3' : 'local',
    s3: env.S3_BUCKET
      ? {
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          bucket: env.S3_BUCKET,
          prefix: env.S3_PREFIX.replace(/^\/+|\/+$/g, ''),
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
          publicUrl: env.S3_PUBLIC_URL?.replace(/\/+$/, ''),
          presignSeconds: env.S3_PRESIGN_SECONDS,
        }
      : undefined,
  };
}
