import { createHash, randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { CaptureThumbnails } from '../../src/domain/captures/run/capture-thumbnails';
import { RUN_LOCK, StorageMoveRun } from '../../src/platform/storage/move/storage-move-run.entity';
import { StorageMoveCommand } from '../../src/commands/storage-move.command';
import { StorageMover } from '../../src/platform/storage/move/storage-mover';
import { Storage } from '../../src/platform/storage/storage';
import { getAbsolute, postEmail, SIMPLE_EMAIL } from '../support/previews';
import { runCli, withCli } from '../support/run-cli';
import { S3Server, startS3Server } from '../support/s3-server';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

const URLS = ['full_url', 'thumb_url', 'thumb450_url'] as const;
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * A service that keeps running through a move: on local storage with S3 configured (the
 * move's target), never restarted, so whatever it remembers of its captures is from before.
 */
describe(`storage:move beside a running service (${TEST_DATABASE})`, () => {
  let s3: S3Server;
  let t: TestApp;
  let guid: string;

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp({ env: { ...s3.env, STORAGE: 'local', EXPIRY_INTERVAL: '0' } });
    guid = await postEmail(t, { html_text: SIMPLE_EMAIL });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  /** The capture's image URLs, captured first if it was not. */
  async function imageUrls(client: string): Promise<string[]> {
    const answer = await request(t.url).get(`/v1/emails/${guid}/previews/${client}`);
    const body =
      answer.status === 301
        ? ((await getAbsolute(t, answer.headers.location as string).expect(200)).body as object)
        : (answer.body as object);
    await t.get(CaptureThumbnails).drain(10_000);
    return URLS.map((name) => (body as Record<string, string>)[name]);
  }
  /** Where a URL redirects, and the bytes there. */
  async function follow(url: string): Promise<{ location: string; sha: string }> {
    const location = (await getAbsolute(t, url).expect(302)).headers.location as string;
    if (location.startsWith(t.config.publicUrl)) {
      const local = await getAbsolute(t, location).expect(200).expect('content-type', 'image/png');
      return { location, sha: sha(local.body as Buffer) };
    }
    const answer = await fetch(location);
    expect(answer.status).toBe(200);
    return { location, sha: sha(Buffer.from(await answer.arrayBuffer())) };
  }
  const inBucket = (location: string) =>
    location.startsWith(`${s3.endpoint}/${s3.bucket}/captures/${guid}/`);
  const move = () => runCli(t, StorageMoveCommand, [], { to: 's3', json: true });

  it('redirects what it served before the move to where the move put it', async () => {
    const urls = await imageUrls('OL2019');
    const before = await Promise.all(urls.map(follow));
    for (const { location } of before)
      expect(location.startsWith(`${t.config.publicUrl}/files/`)).toBe(true);

    const moved = await move();
    expect(moved.exitCode).toBe(0);
    expect(JSON.parse(moved.stdout)).toMatchObject({ files_moved: 3, files_failed: 0 });

    // The same capture-host URLs: to S3 now, the same bytes.
    for (const [index, url] of urls.entries()) {
      const after = await follow(url);
      expect(inBucket(after.location)).toBe(true);
      expect(after.sha).toBe(before[index].sha);
    }
    // A /files/ URL it redirected to before (a browser keeps that redirect): to S3 as well.
    for (const { location } of before) {
      const redirect = await getAbsolute(t, location).expect(302);
      expect(inBucket(redirect.headers.location as string)).toBe(true);
    }
    // The cached JSON result and the preview endpoint answer as before.
    const json = await request(t.url).get(`/v1/emails/${guid}/previews/OL2019`).expect(301);
    const body = (await getAbsolute(t, json.headers.location as string).expect(200)).body;
    expect(URLS.map((name) => (body as Record<string, string>)[name])).toEqual(urls);
  });

  it('refuses a second move beside a running one, saying which runs; the first finishes', async () => {
    const urls = await imageUrls('GMAILNEW'); // stored locally: STORAGE is still local
    let release!: () => void;
    const gate = new Promise<void>((done) => (release = done));
    let started!: () => void;
    const underWay = new Promise<void>((done) => (started = done));
    const first = withCli(t, async (context) => {
      const bucket = context.get(Storage).at(`s3:${s3.bucket}`);
      const put = bucket.put.bind(bucket);
      bucket.put = async (...args) => {
        started();
        await gate;
        return put(...args);
      };
      return context.get(StorageMover).move(`s3:${s3.bucket}`);
    });
    await underWay;
    const second = await move();
    release();
    expect(second.exitCode).toBe(2);
    expect(second.stdout).toBe('');
    expect(second.stderr).toMatch(
      /^error: another storage:move is running \(.+ pid \d+, to s3:previews, started .+\): nothing was moved; run this again once that one has ended\n$/,
    );
    expect(second.stderr).not.toMatch(/purged|expired/);

    expect(await first).toEqual(expect.objectContaining({ files_moved: 3, files_failed: 0 }));
    for (const url of urls) expect(inBucket((await follow(url)).location)).toBe(true);
    // Ended: the next run is not refused, and finds nothing left.
    const again = await move();
    expect(again.exitCode).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual({ files_moved: 0, bytes_moved: 0, files_failed: 0 });
  });

  it('lets the next run take over from a run that died, once its lease has run out', async () => {
    const now = t.clock.now();
    await t
      .get(DataSource)
      .getRepository(StorageMoveRun)
      .insert({
        name: RUN_LOCK,
        runId: randomUUID(),
        owner: 'gone-host pid 1',
        toLocation: `s3:${s3.bucket}`,
        startedAt: new Date(now.getTime() - 120_000),
        leaseExpiresAt: new Date(now.getTime() + 30_000),
      });
    const refused = await move();
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(/another storage:move is running \(gone-host pid 1,/);
    t.clock.advance(31_000);
    const taken = await move();
    expect(taken.exitCode).toBe(0);
    expect(await t.get(DataSource).getRepository(StorageMoveRun).count()).toBe(0);
  });
});
