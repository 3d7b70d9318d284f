import {
  HeadObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Settings } from '../config/app-config';
import { assertSafeKey, FileStore, s3Location } from './file-store';

/**
 * Files in a bucket (under a key prefix) of an S3-compatible service. The capture host
 * redirects to S3_PUBLIC_URL when it is set and this is the configured bucket and prefix,
 * else to a presigned GET URL.
 */
export class S3Storage extends FileStore {
  readonly location: string;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly publicUrl?: string;

  /** `place`: another bucket or prefix of the same service (files recorded there earlier). */
  constructor(
    private readonly settings: S3Settings,
    place: { bucket: string; prefix: string } = settings,
  ) {
    super();
    this.bucket = place.bucket;
    this.prefix = place.prefix;
    this.location = s3Location(this.bucket, this.prefix);
    const configured = place.bucket === settings.bucket && place.prefix === settings.prefix;
    this.publicUrl = configured ? settings.publicUrl : undefined;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
    });
  }

  private objectKey(key: string): string {
    assertSafeKey(key);
    return this.prefix ? `${this.prefix}/${key}` : key;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(key),
        Body: data,
        ContentType: contentType,
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
      return Buffer.from(await object.Body!.transformToByteArray());
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey')
        return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.size(key)) !== null;
  }

  async size(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
      return head.ContentLength ?? 0;
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata;
      if (status?.httpStatusCode === 404 || (error as { name?: string }).name === 'NotFound')
        return null;
      throw error;
    }
  }

  async delete(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      if (batch.length === 0) continue;
      await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: batch.map((key) => ({ Key: this.objectKey(key) })), Quiet: true },
        }),
      );
    }
  }

  async locate(key: string): Promise<string> {
    const objectKey = this.objectKey(key);
    if (this.publicUrl) return `${this.publicUrl}/${objectKey}`;
    return getSignedUrl(
      this.client,
      new GetObjectCommand({ Bucket: this.bucket, Key: objectKey }),
      { expiresIn: this.settings.presignSeconds },
    );
  }

  close(): void {
    this.client.destroy();
  }
}
