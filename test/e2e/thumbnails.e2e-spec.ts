import request from 'supertest';
import { DataSource } from 'typeorm';
import { Capture } from '../../src/domain/captures/state/capture.entity';
import { CaptureThumbnails } from '../../src/domain/captures/run/capture-thumbnails';
import { Storage } from '../../src/platform/storage/storage';
import { readPixels } from '../support/pixels';
import { getAbsolute, postEmail, SIMPLE_EMAIL } from '../support/previews';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

/** A missing thumbnail is made once however many ask, and served even when it cannot be stored. */
describe(`thumbnails made on request (${TEST_DATABASE})`, () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  /** A captured IPHONE13 configuration whose thumb450 is missing from storage, and its URL. */
  async function missingThumbnail(): Promise<{ key: string; url: string }> {
    const guid = await postEmail(t, { html_text: SIMPLE_EMAIL });
    const answer = await request(t.url).get(`/v1/emails/${guid}/previews/IPHONE13`).expect(200);
    const capture = await t
      .get(DataSource)
      .getRepository(Capture)
      .findOneByOrFail({ emailId: guid });
    const key = capture.files!['iphone13-vertical-allowed-390-thumb450.png'].key;
    await t.get(CaptureThumbnails).drain(5000);
    await t.get(Storage).delete([key]); // as if the process that owed it had died
    return { key, url: answer.body.thumb450_url as string };
  }

  /** Every storage write of `key` from now on. */
  function writesOf(key: string): { count: number } {
    const storage = t.get(Storage);
    const put = storage.putAt.bind(storage);
    const writes = { count: 0 };
    // A thumbnail is written where its capture records it.
    jest.spyOn(storage, 'putAt').mockImplementation(async (location, written, data, type) => {
      if (written === key) writes.count++;
      return put(location, written, data, type);
    });
    return writes;
  }

  it('20 concurrent requests make and store it once, and all are sent to it', async () => {
    const { key, url } = await missingThumbnail();
    const writes = writesOf(key);
    const answers = await Promise.all(Array.from({ length: 20 }, () => getAbsolute(t, url)));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 302));
    expect(writes.count).toBe(1);
    const image = await getAbsolute(t, answers[0].headers.location).expect(200);
    expect((await readPixels(image.body as Buffer)).width).toBe(450);
  });

  it('when the storage refuses the write, every request still gets the image, made once', async () => {
    const { key, url } = await missingThumbnail();
    const storage = t.get(Storage);
    let attempts = 0;
    jest.spyOn(storage, 'putAt').mockImplementation(async () => {
      attempts++;
      throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    });
    const answers = await Promise.all(Array.from({ length: 20 }, () => getAbsolute(t, url)));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(answers[0].headers['content-type']).toBe('image/png');
    expect((await readPixels(answers[0].body as Buffer)).width).toBe(450);
    const later = await getAbsolute(t, url).expect(200);
    expect(Buffer.compare(later.body as Buffer, answers[0].body as Buffer)).toBe(0);
    expect(attempts).toBe(2); // thumb and thumb450 once, for all 21 requests
    expect(await storage.exists(key)).toBe(false);
  });
});
