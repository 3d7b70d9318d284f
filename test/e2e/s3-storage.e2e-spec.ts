import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { loadConfig } from '../../src/platform/config/app-config';
import { ExpiryService } from '../../src/domain/expiry/expiry.service';
import { Capture } from '../../src/domain/captures/state/capture.entity';
import { CaptureThumbnails } from '../../src/domain/captures/run/capture-thumbnails';
import { S3Storage } from '../../src/platform/storage/s3-storage';
import { Storage } from '../../src/platform/storage/storage';
import { readPixels } from '../support/pixels';
import { getAbsolute, postEmail, SIMPLE_EMAIL } from '../support/previews';
import { basicAuth, createApplication } from '../support/run-cli';
import { S3Server, startS3Server } from '../support/s3-server';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

describe(`S3-compatible storage against a local S3-protocol server (${TEST_DATABASE})`, () => {
  let s3: S3Server;
  beforeAll(async () => (s3 = await startS3Server()));
  afterAll(() => s3.close());

  it('stores, reads, locates (presigned or public) and deletes objects', async () => {
    const storage = new S3Storage(
      loadConfig({ ...s3.env, DATA_DIR: '/tmp/ip-s3-unit' }).storage.s3!,
    );
    try {
      await storage.put('captures/x/a.png', Buffer.from('png bytes'), 'image/png');
      expect((await storage.get('captures/x/a.png'))?.toString()).toBe('png bytes');
      const presigned = await storage.locate('captures/x/a.png');
      expect(presigned).toMatch(/X-Amz-Signature=/);
      const fetched = await fetch(presigned);
      expect(fetched.status).toBe(200);
      expect(fetched.headers.get('content-type')).toBe('image/png');
      await storage.delete(['captures/x/a.png', 'captures/x/never-there.png']);
      expect(await storage.get('captures/x/a.png')).toBeNull();
      const publicUrl = new S3Storage(
        loadConfig({ ...s3.env, S3_PUBLIC_URL: 'https://cdn.example/bucket/' }).storage.s3!,
      );
      expect(await publicUrl.locate('captures/x/a.png')).toBe(
        'https://cdn.example/bucket/captures/x/a.png',
      );
    } finally {
      storage.close();
    }
  });

  describe('the whole app with STORAGE=s3', () => {
    let t: TestApp;
    beforeAll(async () => (t = await createTestApp({ env: { ...s3.env, EXPIRY_INTERVAL: '0' } })));
    afterAll(() => t.close());

    it('captures into the bucket, redirects the capture host there, and deletes on expiry', async () => {
      expect(t.get(Storage).target).toBe(`s3:${s3.bucket}`);
      const guid = await postEmail(t, { html_text: SIMPLE_EMAIL });
      const preview = await request(t.url).get(`/v1/emails/${guid}/previews/OL2019`).expect(200);
      const redirect = await getAbsolute(t, preview.body.full_url).expect(302);
      expect(
        redirect.headers.location.startsWith(`${s3.endpoint}/${s3.bucket}/captures/${guid}/`),
      ).toBe(true);
      const image = await fetch(redirect.headers.location);
      expect(image.status).toBe(200);
      expect((await readPixels(Buffer.from(await image.arrayBuffer()))).width).toBe(800);

      const capture = await t
        .get(DataSource)
        .getRepository(Capture)
        .findOneByOrFail({ emailId: guid });
      // Its thumbnails are stored just after the answer: purged once they are (an S3 server
      // may fail a write racing the delete of the same key).
      await t.get(CaptureThumbnails).drain(5000);
      t.clock.set(new Date(capture.capturedAt!.getTime() + 181 * 86_400_000));
      expect((await t.get(ExpiryService).run()).captures_purged).toBe(1);
      expect((await fetch(redirect.headers.location)).status).toBe(404);
      await getAbsolute(t, preview.body.full_url).expect(404);
    });

    it('erasure deletes every object of the email from the bucket at once', async () => {
      const app = await createApplication(t);
      const guid = await postEmail(t, { html_text: SIMPLE_EMAIL }, app.api_key);
      const preview = await request(t.url).get(`/v1/emails/${guid}/previews/OL2019`).expect(200);
      await t.get(CaptureThumbnails).drain(5000);
      const bucket = new S3Client({
        endpoint: s3.endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      const objects = async () =>
        (
          await bucket.send(
            new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `captures/${guid}/` }),
          )
        ).KeyCount ?? 0;
      try {
        expect(await objects()).toBeGreaterThan(0);
        await request(t.url)
          .delete(`/v1/emails/${guid}`)
          .set('Authorization', basicAuth(app.api_key))
          .expect(200);
        expect(await objects()).toBe(0);
        await getAbsolute(t, preview.body.full_url).expect(404);
      } finally {
        bucket.destroy();
      }
    });
  });
});
