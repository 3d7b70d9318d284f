import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { Capture } from '../../src/domain/captures/state/capture.entity';
import { CaptureThumbnails } from '../../src/domain/captures/run/capture-thumbnails';
import { AppConfig, loadConfig } from '../../src/platform/config/app-config';
import { Email } from '../../src/domain/emails/email.entity';
import { ExpiryService } from '../../src/domain/expiry/expiry.service';
import { LocalStorage } from '../../src/platform/storage/local-storage';
import { StorageMoveCommand } from '../../src/commands/storage-move.command';
import { StorageMove } from '../../src/platform/storage/move/storage-move.entity';
import { StorageMover } from '../../src/platform/storage/move/storage-mover';
import { ImageServer, startImageServer } from '../support/image-server';
import { getAbsolute, postEmail } from '../support/previews';
import { runCli, withCli } from '../support/run-cli';
import { S3Server, startS3Server } from '../support/s3-server';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

const CLIENTS = ['OL2019', 'OUTLOOKCOM', 'APPMAIL15'];
const URLS = ['full_url', 'thumb_url', 'thumb450_url'] as const;
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Every file under local storage's folder. */
function localFiles(t: TestApp): string[] {
  const root = t.get(LocalStorage).root;
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

describe(`storage moves that URLs follow (${TEST_DATABASE})`, () => {
  let s3: S3Server;
  let images: ImageServer;
  let t: TestApp;
  let guid: string;
  /** Each preview URL's image before the move, by URL. */
  const before = new Map<string, string>();

  const env = (storage: 'local' | 's3') => ({
    ...s3.env,
    STORAGE: storage,
    ALLOW_PRIVATE_IMAGE_HOSTS: 'true',
    EXPIRY_INTERVAL: '0',
  });
  /** The CLI's own configuration: the service's, moving to S3. */
  const cliConfig = (): AppConfig =>
    loadConfig({
      ...env('s3'),
      DATA_DIR: t.config.dataDir,
      DATABASE_URL: t.config.database.url ?? '',
    });
  /** Follows a preview URL to the stored image: the redirect's target and the bytes. */
  async function follow(url: string): Promise<{ location: string; data: Buffer }> {
    const redirect = await getAbsolute(t, url).expect(302);
    const location = redirect.headers.location as string;
    if (location.startsWith(t.config.publicUrl)) {
      const local = await getAbsolute(t, location).expect(200).expect('content-type', 'image/png');
      return { location, data: local.body as Buffer };
    }
    const answer = await fetch(location);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/png');
    return { location, data: Buffer.from(await answer.arrayBuffer()) };
  }
  const previews = () =>
    Promise.all(
      CLIENTS.map(
        async (client) =>
          (await request(t.url).get(`/v1/emails/${guid}/previews/${client}`).expect(301)).headers
            .location as string,
      ),
    );
  async function imageUrls(): Promise<string[]> {
    const urls: string[] = [];
    for (const location of await previews()) {
      const body = (await getAbsolute(t, location).expect(200)).body as Record<string, string>;
      urls.push(...URLS.map((name) => body[name]));
    }
    return urls;
  }

  beforeAll(async () => {
    [s3, images] = await Promise.all([startS3Server(), startImageServer()]);
    // First on local files (S3 configured, not used), then restarted with STORAGE=s3.
    t = await createTestApp({ env: env('local') });
    guid = await postEmail(t, {
      html_text: `<!DOCTYPE html><html><body style="margin:0"><p style="font:16px Arial">Move me</p><img src="${images.url}/red.png" width="40" height="20" alt="red"></body></html>`,
    });
    for (const client of CLIENTS)
      await request(t.url).get(`/v1/emails/${guid}/previews/${client}`).expect(200);
    await t.get(CaptureThumbnails).drain(10_000);
    for (const url of await imageUrls()) before.set(url, sha((await follow(url)).data));
    const data = t.data;
    await t.close({ keepData: true });
    t = await createTestApp({ env: env('s3'), data });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await Promise.all([s3?.close(), images?.close()]);
  });

  it('serves the files from where they are before the move (local); a dry run moves nothing', async () => {
    expect(localFiles(t)).toHaveLength(10); // 3 captures x 3 images, 1 image copy
    for (const url of await imageUrls())
      expect((await follow(url)).location.startsWith(`${t.config.publicUrl}/files/`)).toBe(true);
    const dry = await runCli(
      t,
      StorageMoveCommand,
      [],
      { to: 's3', dryRun: true, json: true },
      undefined,
      cliConfig(),
    );
    expect(dry.exitCode).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({ files_moved: 10, files_failed: 0 });
    expect(JSON.parse(dry.stdout).bytes_moved).toBeGreaterThan(0);
    expect(localFiles(t)).toHaveLength(10);
  });

  it('moves to S3 while the service runs: interrupted halfway, run again, nothing lost or duplicated', async () => {
    // Ctrl-C after the first file: the files under way finish, no new one starts.
    const interrupted = await withCli(
      t,
      async (context) => {
        const stop = new AbortController();
        return context
          .get(StorageMover)
          .move(`s3:${s3.bucket}`, { signal: stop.signal, onFile: () => stop.abort() });
      },
      cliConfig(),
    );
    expect(interrupted.files_failed).toBe(0);
    expect(interrupted.files_moved).toBeGreaterThan(0);
    expect(interrupted.files_moved).toBeLessThan(10);
    expect(localFiles(t)).toHaveLength(10 - interrupted.files_moved);
    // Half moved: every URL still serves its image, from wherever it is now.
    for (const url of await imageUrls())
      expect(sha((await follow(url)).data)).toBe(before.get(url));

    // A crash between switching a record and deleting its source: the source stays, journaled.
    const crashed = await withCli(
      t,
      async (context) => {
        const local = context.get(LocalStorage);
        local.delete = () => Promise.reject(new Error('the process died here'));
        const counts = await context.get(StorageMover).move(`s3:${s3.bucket}`);
        return counts;
      },
      cliConfig(),
    );
    expect(crashed.files_failed).toBe(10 - interrupted.files_moved);
    expect(await t.get(DataSource).getRepository(StorageMove).count()).toBe(crashed.files_failed);
    expect(localFiles(t)).toHaveLength(crashed.files_failed);

    // Run again: it finishes the job.
    const finished = await runCli(
      t,
      StorageMoveCommand,
      [],
      { to: 's3', json: true },
      undefined,
      cliConfig(),
    );
    expect(finished.exitCode).toBe(0);
    expect(JSON.parse(finished.stdout)).toEqual({
      files_moved: 0,
      bytes_moved: 0,
      files_failed: 0,
    });
    expect(finished.stdout.trim().startsWith('{')).toBe(true);
    expect(localFiles(t)).toEqual([]);
    expect(await t.get(DataSource).getRepository(StorageMove).count()).toBe(0);

    // Every preview and capture-host URL redirects to S3 and serves the same PNG.
    for (const url of await imageUrls()) {
      const { location, data } = await follow(url);
      expect(location.startsWith(`${s3.endpoint}/${s3.bucket}/captures/${guid}/`)).toBe(true);
      expect(sha(data)).toBe(before.get(url));
    }
    // Each file once: the bucket holds exactly the ten.
    const listing = await (await fetch(`${s3.endpoint}/${s3.bucket}?list-type=2`)).text();
    expect(listing.match(/<Key>/g)).toHaveLength(10);
    // Idempotent: nothing left to move.
    const again = await runCli(
      t,
      StorageMoveCommand,
      [],
      { to: 's3', json: true },
      undefined,
      cliConfig(),
    );
    expect(JSON.parse(again.stdout)).toEqual({ files_moved: 0, bytes_moved: 0, files_failed: 0 });
  }, 120_000);

  it('captures into S3 after the move, reading the email image copy from there', async () => {
    const answer = await request(t.url).get(`/v1/emails/${guid}/previews/GMAILNEW`).expect(200);
    const { location } = await follow(answer.body.full_url as string);
    expect(location.startsWith(`${s3.endpoint}/${s3.bucket}/captures/${guid}/`)).toBe(true);
    const report = await getAbsolute(t, answer.body.report_url as string).expect(200);
    expect(JSON.stringify(report.body)).not.toMatch(/missing|not stored/);
    expect(localFiles(t)).toEqual([]);
  });

  it('moves to a new prefix the same way: the URLs follow', async () => {
    // As the README says: the service restarted on the new prefix first, then the move.
    const data = t.data;
    await t.close({ keepData: true });
    t = await createTestApp({ env: { ...env('s3'), S3_PREFIX: 'v2' }, data });
    const toPrefix = loadConfig({
      ...env('s3'),
      S3_PREFIX: 'v2',
      DATA_DIR: t.config.dataDir,
      DATABASE_URL: t.config.database.url,
    });
    const moved = await runCli(
      t,
      StorageMoveCommand,
      [],
      { to: 's3', json: true },
      undefined,
      toPrefix,
    );
    // On a failure, what the command said is in the diff.
    expect({ exitCode: moved.exitCode, stderr: moved.stderr }).toEqual({
      exitCode: 0,
      stderr: expect.any(String),
    });
    expect(JSON.parse(moved.stdout)).toMatchObject({ files_moved: 13, files_failed: 0 });
    for (const url of await imageUrls()) {
      const { location, data } = await follow(url);
      expect(location.startsWith(`${s3.endpoint}/${s3.bucket}/v2/captures/${guid}/`)).toBe(true);
      expect(sha(data)).toBe(before.get(url));
    }
    const listing = await (await fetch(`${s3.endpoint}/${s3.bucket}?list-type=2`)).text();
    expect(
      [...listing.matchAll(/<Key>([^<]+)<\/Key>/g)].every(([, key]) => key.startsWith('v2/')),
    ).toBe(true);
  });

  it('refuses a move it cannot make, with exit code 2', async () => {
    const nowhere = await runCli(t, StorageMoveCommand, [], { to: 'ftp', json: true });
    expect(nowhere.exitCode).toBe(2);
    expect(nowhere.stderr).toMatch(/--to must be 'local' or 's3'/);
    expect(nowhere.stdout).toBe('');
    const unconfigured = loadConfig({
      DATA_DIR: t.config.dataDir,
      DATABASE_URL: t.config.database.url,
    });
    const noS3 = await runCli(t, StorageMoveCommand, [], { to: 's3' }, undefined, unconfigured);
    expect(noS3.exitCode).toBe(2);
    expect(noS3.stderr).toMatch(/S3_BUCKET/);
  });

  it('purges from S3 on expiry after the move', async () => {
    const rows = t.get(DataSource).getRepository(Capture);
    const captures = await rows.findBy({ emailId: guid });
    const locations = await Promise.all(
      (await imageUrls()).map(async (url) => (await follow(url)).location),
    );
    await t.get(CaptureThumbnails).drain(10_000);
    const latest = Math.max(...captures.map((capture) => capture.capturedAt!.getTime()));
    t.clock.set(new Date(latest + 181 * 86_400_000));
    const counts = await t.get(ExpiryService).run();
    expect(counts.captures_purged).toBe(captures.length);
    expect(counts.emails_expired).toBe(1);
    for (const location of locations) expect((await fetch(location)).status).toBe(404);
    const listing = await (await fetch(`${s3.endpoint}/${s3.bucket}?list-type=2`)).text();
    expect(listing).not.toMatch(/<Key>/);
    const email = await t.get(DataSource).getRepository(Email).findOneByOrFail({ id: guid });
    expect(email.expiredAt).not.toBeNull();
  });
});
