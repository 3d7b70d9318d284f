import { existsSync, readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { Capture } from '../../src/domain/captures/state/capture.entity';
import { ExpiryService } from '../../src/domain/expiry/expiry.service';
import { LocalStorage } from '../../src/platform/storage/local-storage';
import { getAbsolute, postEmail, SIMPLE_EMAIL } from '../support/previews';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';
import { until } from '../support/until';

const DAY = 86_400_000;

/** IPHONE12 and IPHONE13 have the same pixel inputs: the second shares the first's render. */
const TWINS = ['IPHONE12', 'IPHONE13'];

describe(`captures sharing a render share its stored files (${TEST_DATABASE})`, () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({ env: { EXPIRY_INTERVAL: '0' } })));
  afterAll(() => t.close());

  const rows = () => t.get(DataSource).getRepository(Capture);
  const keysOf = (capture: Capture) => Object.values(capture.files!).map((file) => file.key);
  async function served(url: string): Promise<Buffer> {
    const redirect = await getAbsolute(t, url).expect(302);
    return (await getAbsolute(t, redirect.headers.location).expect(200)).body as Buffer;
  }

  it('stores the full image and both thumbnails once, byte-identical for both clients, until the last capture holding them is purged', async () => {
    const start = t.clock.now();
    const guid = await postEmail(t, { html_text: SIMPLE_EMAIL });
    const previews = [];
    for (const client of TWINS)
      previews.push(
        (await request(t.url).get(`/v1/emails/${guid}/previews/${client}`).expect(200)).body,
      );
    const [first, second] = await Promise.all(
      TWINS.map((client) => rows().findOneByOrFail({ emailId: guid, client })),
    );
    expect(second.sharedRender).toBe(true);
    // Each client keeps its own URLs; behind them, the same three stored files.
    expect(previews[0].thumb_url).not.toBe(previews[1].thumb_url);
    expect(keysOf(second)).toEqual(keysOf(first));
    for (const size of ['full_url', 'thumb_url', 'thumb450_url']) {
      const [a, b] = await Promise.all(previews.map((preview) => served(preview[size])));
      expect(a.equals(b)).toBe(true);
    }
    const paths = keysOf(first).map((key) => t.get(LocalStorage).pathOf(key));
    await until(async () => paths.every((path) => existsSync(path)));
    expect(readdirSync(dirname(paths[0])).sort()).toEqual(
      paths.map((path) => path.split('/').pop()).sort(),
    );

    // One of them is purged early (its lifetime cut short here): the other still serves them.
    await rows().update({ id: first.id }, { expiresAt: start });
    expect(await t.get(ExpiryService).run()).toMatchObject({ captures_purged: 1 });
    expect(paths.every((path) => existsSync(path))).toBe(true);
    const kept = await served(previews[1].thumb_url);
    expect(kept.length).toBeGreaterThan(0);

    // The last one holding them takes them along.
    t.clock.set(new Date(start.getTime() + 181 * DAY));
    expect(await t.get(ExpiryService).run()).toMatchObject({ captures_purged: 1 });
    expect(paths.some((path) => existsSync(path))).toBe(false);
    t.clock.set(start);
  });
});
