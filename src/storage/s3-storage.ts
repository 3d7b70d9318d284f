import {
  HeadObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { assertSafeKey, Storage } from './storage';

/**
 * Files in an S3-compatible bucket (scale-out). The capture host redirects to the
 * bucket's public URL when S3_PUBLIC_URL is set, else to a presigned GET URL.
 */
@Injectable()
export class S3Storage extends Storage implements OnModuleDestroy {
  private readonly client: S3Client;
  private readonly settings: Extract<AppConfig['storage'], { kind: 's3' }>;

  constructor(config: AppConfig) {
    super();
    if (config.storage.kind !== 's3') throw new Error('S3Storage needs STORAGE=s3');
    this.settings = config.storage;
    this.client = new S3Client({
      region: this.settings.region,
      endpoint: this.settings.endpoint,
      forcePathStyle: this.settings.forcePathStyle,
      credentials:
        this.settings.accessKeyId && this.settings.secretAccessKey
          ? {
              accessKeyId: this.settings.accessKeyId,
              secretAccessKey: this.settings.secretAccessKey,
            }
          : undefined,
    });
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: key,
        Body: data,
        ContentType: contentType,
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    assertSafeKey(key);
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }),
      );
      return Buffer.from(await object.Body!.transformToByteArray());
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey')
        return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    assertSafeKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return true;
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata;
      if (status?.httpStatusCode === 404 || (error as { name?: string }).name === 'NotFound')
        return false;
      throw error;
    }
  }

  async delete(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      if (batch.length === 0) continue;
      await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.settings.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
    }
  }

  async locate(key: string): Promise<string> {
    assertSafeKey(key);
    if (this.settings.publicUrl) return `${this.settings.publicUrl}/${key}`;
    return getSignedUrl(
      this.client,
      new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }),
      {
        expiresIn: this.settings.presignSeconds,
      },
    );
  }

  onModuleDestroy(): void {
    this.client.destroy();
  }
}
